import { describe, expect, it } from 'vitest'

function mount(html: string) {
  const host = document.createElement('div')
  host.innerHTML = html
  document.body.append(host)
  return host
}

const byId = (host: Element, id: string) => host.querySelector(`#${id}`)!

describe('toBeVisible', () => {
  it('passes for a shown element and fails, naming why, for each way of hiding one', () => {
    const host = mount(`
      <p id="shown">shown</p>
      <p id="none" style="display: none">none</p>
      <p id="invisible" style="visibility: hidden">invisible</p>
      <p id="clear" style="opacity: 0">clear</p>
      <!-- jsdom's default style sheet gives [hidden] display: none, so either reason may be named -->
      <div hidden><p id="under-hidden">under a hidden parent</p></div>
      <details><summary id="summary">summary</summary><p id="folded">folded</p></details>
      <details open><p id="unfolded">unfolded</p></details>`)
    expect(byId(host, 'shown')).toBeVisible()
    expect(byId(host, 'summary')).toBeVisible()
    expect(byId(host, 'unfolded')).toBeVisible()
    expect(() => expect(byId(host, 'none')).toBeVisible()).toThrow('display: none')
    expect(() => expect(byId(host, 'invisible')).toBeVisible()).toThrow('visibility: hidden')
    expect(() => expect(byId(host, 'clear')).toBeVisible()).toThrow('opacity: 0')
    expect(() => expect(byId(host, 'under-hidden')).toBeVisible()).toThrow(
      /<div> has (display: none|the hidden attribute)/
    )
    expect(() => expect(byId(host, 'folded')).toBeVisible()).toThrow('closed <details>')
    expect(byId(host, 'none')).not.toBeVisible()
    expect(() => expect(byId(host, 'shown')).not.toBeVisible()).toThrow('not to be visible')
  })

  it('fails for a detached element and for a value that is not an element', () => {
    const detached = document.createElement('p')
    expect(() => expect(detached).toBeVisible()).toThrow('not in the document')
    expect(() => expect(null).toBeVisible()).toThrow('expects an Element')
  })
})

describe('toBeInTheDocument', () => {
  it('passes for an attached element, even a hidden one, and fails once it is removed', () => {
    const host = mount('<p id="hidden" hidden>hidden</p>')
    const hidden = byId(host, 'hidden')
    expect(hidden).toBeInTheDocument()
    hidden.remove()
    expect(() => expect(hidden).toBeInTheDocument()).toThrow('to be in the document')
    expect(hidden).not.toBeInTheDocument()
    expect(() => expect('text').toBeInTheDocument()).toThrow('expects an Element')
  })
})
