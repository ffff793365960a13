import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet'

// jsdom plays no animation, so Radix would unmount a closing dialog at once. With different animation
// names for the open and closed states it waits for `animationend` instead, as a browser does, and the
// closing frames can be looked at.
let style: HTMLStyleElement
beforeEach(() => {
  style = document.createElement('style')
  style.textContent = '[data-state=open]{animation-name:enter} [data-state=closed]{animation-name:exit}'
  document.head.append(style)
})
afterEach(() => style.remove())

/** The end of the exit animation (jsdom has no AnimationEvent, so the name is set by hand). */
function endExit(node: HTMLElement) {
  const event = new Event('animationend', { bubbles: true })
  Object.defineProperty(event, 'animationName', { value: 'exit' })
  node.dispatchEvent(event)
}

const kinds = {
  dialog: { Root: Dialog, Content: DialogContent, Title: DialogTitle, Description: DialogDescription },
  sheet: { Root: Sheet, Content: SheetContent, Title: SheetTitle, Description: SheetDescription },
}

/** A page that clears what its dialog is about when the dialog closes, as the console's pages do. */
function ConfirmUser({ user, kind }: { user: string | null; kind: keyof typeof kinds }) {
  const { Root, Content, Title, Description } = kinds[kind]
  return (
    <Root open={user !== null}>
      <Content data-testid="closing">
        <Title>{user ? `Disable ${user}?` : 'Enable this user?'}</Title>
        <Description>{user ?? 'nobody'}</Description>
      </Content>
    </Root>
  )
}

describe.each(['dialog', 'sheet'] as const)('a closing %s', (kind) => {
  it('shows what it showed when open until its exit animation ends, then unmounts', async () => {
    const { rerender } = render(<ConfirmUser user="alice" kind={kind} />)
    expect(screen.getByTestId('closing').textContent).toContain('Disable alice?')
    expect(screen.getByTestId('closing').hasAttribute('inert')).toBe(false)

    rerender(<ConfirmUser user={null} kind={kind} />)
    const closing = screen.getByTestId('closing')
    expect(closing.dataset.state).toBe('closed')
    expect(closing.textContent).toContain('Disable alice?')
    expect(closing.textContent).not.toContain('nobody')
    // Its buttons hold the last open render's handlers: nothing in it may be clicked or focused now.
    expect(closing.hasAttribute('inert')).toBe(true)

    await act(async () => endExit(closing))
    expect(screen.queryByTestId('closing')).toBeNull()
  })

  it('follows the caller again when it reopens, even before the exit has ended', async () => {
    const { rerender } = render(<ConfirmUser user="alice" kind={kind} />)
    rerender(<ConfirmUser user={null} kind={kind} />)
    rerender(<ConfirmUser user="bob" kind={kind} />)
    const open = screen.getByTestId('closing')
    expect(open.dataset.state).toBe('open')
    expect(open.textContent).toContain('Disable bob?')
    expect(open.hasAttribute('inert')).toBe(false)
  })
})

describe('an uncontrolled dialog', () => {
  it('opens from its trigger, closes on Escape and unmounts after its exit', async () => {
    const { DialogTrigger } = await import('./dialog')
    render(
      <Dialog>
        <DialogTrigger>Open</DialogTrigger>
        <DialogContent data-testid="closing">
          <DialogTitle>Notes</DialogTitle>
          <DialogDescription>Release notes</DialogDescription>
        </DialogContent>
      </Dialog>
    )
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open' })))
    const dialog = screen.getByTestId('closing')
    expect(dialog.dataset.state).toBe('open')
    await act(async () => fireEvent.keyDown(dialog, { key: 'Escape' }))
    expect(screen.getByTestId('closing').dataset.state).toBe('closed')
    await act(async () => endExit(screen.getByTestId('closing')))
    expect(screen.queryByTestId('closing')).toBeNull()
  })
})
