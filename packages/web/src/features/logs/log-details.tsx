import { formatQuota, type Log, type QuotaDisplay } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { logContentText } from './log-content'
import { parseOther, pricingLines } from './log-format'

/** The expanded part of a row: how its quota was priced, built from `other`, its request ids and the log text. */
export function LogDetails({ log, display }: { log: Log; display: QuotaDisplay }) {
  const { t } = useTranslation('logs')
  const lines = pricingLines(parseOther(log.other), log)
  const pricing = lines.map((line) => ({ key: line.key, text: t(`details.${line.key}`, line.values) }))
  const content = logContentText(log, t)
  // A consumption row's text is its first pricing line; showing it a second time under "Log" adds nothing.
  const showContent = content !== '' && !pricing.some((line) => line.text === content)
  return (
    <div
      className="sticky left-0 flex max-w-[min(48rem,calc(100vw-3rem))] flex-col gap-3 px-3 py-3 text-sm whitespace-normal"
      data-testid="log-details"
    >
      <section className="space-y-1">
        <h3 className="text-xs font-medium text-muted-foreground">{t('details.title')}</h3>
        {lines.length === 0 ? (
          <p className="text-muted-foreground">{t('details.none')}</p>
        ) : (
          <ul className="space-y-0.5">
            {pricing.map((line) => (
              <li key={line.key}>{line.text}</li>
            ))}
            <li className="font-medium">{t('details.total', { quota: formatQuota(log.quota, display, 6) })}</li>
          </ul>
        )}
      </section>
      {(log.request_id || log.upstream_request_id) && (
        <section className="space-y-1" data-testid="log-request-ids">
          <h3 className="text-xs font-medium text-muted-foreground">{t('details.requestIds')}</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            {log.request_id && <IdLine label={t('details.requestId')} value={log.request_id} testId="log-request-id" />}
            {log.upstream_request_id && (
              <IdLine
                label={t('details.upstreamRequestId')}
                value={log.upstream_request_id}
                testId="log-upstream-request-id"
              />
            )}
          </dl>
        </section>
      )}
      {showContent && (
        <section className="space-y-1">
          <h3 className="text-xs font-medium text-muted-foreground">{t('details.content')}</h3>
          <p className="break-all whitespace-pre-wrap" data-testid="log-content">
            {content}
          </p>
        </section>
      )}
    </div>
  )
}

/** One id with its label; selectable as a whole, to paste into a search or a provider's support form. */
function IdLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-mono text-xs break-all select-all" data-testid={testId}>
        {value}
      </dd>
    </>
  )
}
