import { formatQuota, type QuotaDisplay } from '@gateway/shared'
import { ExternalLink, Ticket } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useRedeemMutation } from './queries'

interface RedeemCardProps {
  display: QuotaDisplay
  topUpLink: string
}

/** Redeem a code, or go and buy one at the administrator's top-up link. */
export function RedeemCard({ display, topUpLink }: RedeemCardProps) {
  const { t } = useTranslation('wallet')
  const [key, setKey] = useState('')
  const redeem = useRedeemMutation()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const code = key.trim()
    if (!code) {
      toast.error(t('redeem.required'))
      return
    }
    redeem.mutate(code, {
      onSuccess: (quota) => {
        toast.success(t('redeem.success'), { description: t('redeem.added', { quota: formatQuota(quota, display) }) })
        setKey('')
      },
    })
  }

  const openTopUpLink = () => {
    if (!topUpLink) {
      toast.error(t('redeem.noLink'))
      return
    }
    window.open(topUpLink, '_blank', 'noopener,noreferrer')
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Ticket className="size-5 text-primary" aria-hidden />
          {t('redeem.title')}
        </CardTitle>
        <CardDescription>{t('redeem.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-3">
          <Label htmlFor="wallet-redeem-key">{t('redeem.label')}</Label>
          <Input
            id="wallet-redeem-key"
            value={key}
            autoComplete="off"
            maxLength={128}
            placeholder={t('redeem.placeholder')}
            onChange={(event) => setKey(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={redeem.isPending} data-testid="wallet-redeem-submit">
              {redeem.isPending ? t('redeem.submitting') : t('redeem.submit')}
            </Button>
            <Button type="button" variant="outline" onClick={openTopUpLink} data-testid="wallet-get-code">
              <ExternalLink aria-hidden />
              {t('redeem.getCode')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
