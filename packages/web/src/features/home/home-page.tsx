import { useQuery } from '@tanstack/react-query'
import { Skeleton } from '@/components/ui/skeleton'
import { homeContentQuery } from '../content/api'
import { AdminContentView } from '../content/content-admin-view'
import { classifyContent } from '../content/content-classify'
import { DefaultLanding } from './home-default-landing'
import { HomeNotice } from './home-notice'

/** The admin's home page content when set, otherwise the built-in landing. */
export function HomePage() {
  const { data, isPending } = useQuery(homeContentQuery)
  if (isPending) {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-4 px-6 py-24">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
    )
  }
  const content = classifyContent(data)
  return (
    <>
      <HomeNotice />
      {content.kind === 'empty' ? (
        <DefaultLanding />
      ) : content.kind === 'url' ? (
        <AdminContentView content={content} title="home" />
      ) : (
        <div data-testid="home-content" className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
          <AdminContentView content={content} title="home" />
        </div>
      )}
    </>
  )
}
