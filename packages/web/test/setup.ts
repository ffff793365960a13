import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import '@/i18n'
import './matchers'

// findBy and waitFor give up after 1 s by default. A page's first render in a file (its lazy chunk
// imported and transformed, its modules initialised) takes several hundred ms alone and well over a
// second on a loaded two-core machine (several seconds while CI runs the server suite beside it),
// which made tests fail for no fault of the page. 10 s leaves the query's own message (which names what
// is missing) to fail the test before vitest's 30 s timeout (vite.config.ts) does.
configure({ asyncUtilTimeout: 10_000 })

// jsdom has no matchMedia; the theme and mobile hooks need one.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}

// Radix measures elements with ResizeObserver, which jsdom lacks.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

afterEach(() => {
  cleanup()
  localStorage.clear()
})
