import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet'

function OpenedFromState() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add
      </button>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent>
          <SheetTitle>New token</SheetTitle>
          <SheetDescription>Fill in the form</SheetDescription>
          <input aria-label="Name" />
        </SheetContent>
      </Sheet>
    </>
  )
}

describe('drawers opened from state', () => {
  it('give the focus back to what opened them when they close', async () => {
    render(<OpenedFromState />)
    const add = screen.getByRole('button', { name: 'Add' })
    add.focus()
    await act(async () => fireEvent.click(add))
    const drawer = await screen.findByRole('dialog', { name: 'New token' })
    expect(drawer.contains(document.activeElement)).toBe(true)
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    // Radix moves the focus on close in a timeout.
    await waitFor(() => expect(document.activeElement).toBe(add))
  })
})
