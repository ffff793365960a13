import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { useQuotaDisplay } from '@/lib/quota-display'
import { useStatus } from '@/lib/status'
import { BalanceCard } from './wallet-balance-card'
import { OnlineTopUpCard } from './wallet-online-topup-card'
import { RedeemCard } from './wallet-redeem-card'

/** /topup: the balance, redeeming a code and paying online. */
export function WalletPage() {
  const { t } = useTranslation(['wallet', 'pages'])
  const status = useStatus()
  const display = useQuotaDisplay()
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('pages:titles.topup')} description={t('description')} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <BalanceCard display={display} />
          <RedeemCard display={display} topUpLink={status.top_up_link} />
        </div>
        <div className="min-w-0">
          <OnlineTopUpCard status={status} />
        </div>
      </div>
    </div>
  )
}
