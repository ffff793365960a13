import { formatQuota, type Log, type QuotaDisplay } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { parseOther, pricingLines } from './log-format'

/** The expanded part of a row: how its quota was priced, built from `other`, and the log text. */
export function LogDetails({ log, display }: { log: Log; display: QuotaDisplay }) {
  const { t } = useTranslation('logs')
  const lines = pricingLines(parseOther(log.other), log)
  return (
    <div className="sticky left-0 flex max-w-[min(48rem,calc(100vw-3rem))] flex-col gap-3 px-3 py-3 text-sm whitespace-normal" data-testid="log-details">
      <section className="space-y-1">
        <h3 className="text-xs font-medium text-muted-foreground">{t('details.title')}</h3>
        {lines.length === 0 ? (
          <p className="text-muted-foreground">{t('details.none')}</p>
        ) : (
          <ul className="space-y-0.5">
            {lines.map((line) => (
              <li key={line.key}>{t(`details.${line.key}`, line.values)}</li>
            ))}
            <li className="font-medium">{t('details.total', { quota: formatQuota(log.quota, display, 6) })}</li>
          </ul>
        )}
      </section>
      {log.content && (
        <section className="space-y-1">
          <h3 className="text-xs font-medium text-muted-foreground">{t('details.content')}</h3>
          <p className="break-all whitespace-pre-wrap">{log.content}</p>
        </section>
      )}
    </div>
  )
}
