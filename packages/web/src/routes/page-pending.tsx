import { Spinner } from '@/components/ui/spinner'

/**
 * Shown in a page's place while its chunk (or a slow loader) arrives. Pages are lazy chunks, and a
 * page rendered inside a route's own component is only fetched when it renders: this boundary keeps
 * the layout around it on screen meanwhile instead of blanking the whole console.
 */
export function PagePending() {
  return (
    <div data-testid="page-pending" className="flex flex-1 items-center justify-center p-10 text-muted-foreground">
      <Spinner />
    </div>
  )
}
