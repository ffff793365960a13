import { ListChecks, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

/** Enters and leaves a list page's batch mode (row selection for batch actions). */
export function BatchModeButton({
  batchMode,
  onChange,
  testId,
}: {
  batchMode: boolean
  onChange: (next: boolean) => void
  testId: string
}) {
  const { t } = useTranslation('common')
  return (
    <Button
      variant={batchMode ? 'secondary' : 'outline'}
      size="sm"
      onClick={() => onChange(!batchMode)}
      aria-pressed={batchMode}
      data-testid={testId}
    >
      {batchMode ? <X /> : <ListChecks />}
      {batchMode ? t('dataTable.exitBatch') : t('dataTable.batchMode')}
    </Button>
  )
}
