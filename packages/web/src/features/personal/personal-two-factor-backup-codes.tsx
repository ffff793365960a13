import { Copy, Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useCopyText } from '@/components/data-table'
import { Button } from '@/components/ui/button'
import { downloadText } from '@/features/redemptions/redemption-keys-dialog'

/** The backup codes, shown once, with copy and download (a text file, one code a line). */
export function TwoFactorBackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('twoFactor')
  const [copy, manualCopyDialog] = useCopyText()
  const text = codes.join('\n')
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('backup.description')}</p>
      <ol
        data-testid="two-factor-backup-codes"
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} data-testid="two-factor-backup-code">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy(text, t('backup.copied'))}>
          <Copy />
          {t('backup.copy')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => downloadText('backup-codes.txt', `${text}\n`)}>
          <Download />
          {t('backup.download')}
        </Button>
      </div>
      {manualCopyDialog}
    </div>
  )
}
