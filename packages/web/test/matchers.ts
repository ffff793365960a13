import { expect } from 'vitest'

/**
 * `toBeVisible` and `toBeInTheDocument`, with the meaning @testing-library/jest-dom gives them (which
 * the repository does not install): a getBy query already throws when nothing matches, so
 * `expect(getBy…).toBeTruthy()` can never fail; these say what the user would see instead.
 */

interface DomMatchers<R = unknown> {
  /** In the document, and neither it nor an ancestor is display:none, visibility:hidden, opacity 0, `hidden` or inside a closed <details>. */
  toBeVisible(): R
  /** Attached to the document (not detached by a re-render or an unmount). */
  toBeInTheDocument(): R
}

declare module 'vitest' {
  // The same type parameters as vitest's own Matchers, which this adds to.
  interface Matchers<R extends void | Promise<void> = void | Promise<void>, T = unknown> extends DomMatchers<R> {}
}

const isElement = (value: unknown): value is Element => typeof Element !== 'undefined' && value instanceof Element

const inDocument = (element: Element) => element.ownerDocument.documentElement.contains(element)

/** Why `element` is not visible, or undefined when it is. `child` is the previous element on the way up (for <details>). */
function hiddenBy(element: Element, child?: Element): string | undefined {
  const style = element.ownerDocument.defaultView!.getComputedStyle(element)
  const name = element.tagName.toLowerCase()
  if (style.display === 'none') return `<${name}> has display: none`
  if (style.visibility === 'hidden' || style.visibility === 'collapse')
    return `<${name}> has visibility: ${style.visibility}`
  if (style.opacity === '0') return `<${name}> has opacity: 0`
  if (element.hasAttribute('hidden')) return `<${name}> has the hidden attribute`
  // A closed <details> shows only its <summary>.
  if (
    name === 'details' &&
    !element.hasAttribute('open') &&
    child !== undefined &&
    child.tagName.toLowerCase() !== 'summary'
  )
    return 'it is inside a closed <details>'
  return element.parentElement ? hiddenBy(element.parentElement, element) : undefined
}

function notAnElement(matcher: string, received: unknown) {
  return { pass: false, message: () => `${matcher} expects an Element, received ${String(received)}` }
}

expect.extend({
  toBeVisible(received: unknown) {
    if (!isElement(received)) return notAnElement('toBeVisible', received)
    const reason = inDocument(received) ? hiddenBy(received) : 'it is not in the document'
    return {
      pass: reason === undefined,
      message: () =>
        reason === undefined
          ? `expected the element not to be visible:\n${received.outerHTML.slice(0, 300)}`
          : `expected the element to be visible, but ${reason}:\n${received.outerHTML.slice(0, 300)}`,
    }
  },
  toBeInTheDocument(received: unknown) {
    if (!isElement(received)) return notAnElement('toBeInTheDocument', received)
    const pass = inDocument(received)
    return {
      pass,
      message: () =>
        `expected the element ${pass ? 'not ' : ''}to be in the document:\n${received.outerHTML.slice(0, 300)}`,
    }
  },
})
