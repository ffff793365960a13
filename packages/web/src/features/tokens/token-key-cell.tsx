import type { Token } from '@gateway/shared'
import { Eye, EyeOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

interface TokenKeyCellProps {
  token: Token
  /** The full key once the user has asked to see it; the masked one from the list otherwise. */
  revealedKey: string | undefined
  onToggle: () => void
}

/** The key column: masked, with an eye that fetches and shows the full key (and hides it again). */
export function TokenKeyCell({ token, revealedKey, onToggle }: TokenKeyCellProps) {
  const { t } = useTranslation('tokens')
  const label = revealedKey ? t('actions.hideKey') : t('actions.showKey')
  return (
    <span className="flex items-center gap-1">
      <span className="font-mono text-xs break-all" data-testid="token-key">
        {revealedKey ?? (token.key || '—')}
      </span>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={label}
        title={label}
        aria-pressed={revealedKey !== undefined}
        onClick={onToggle}
        data-testid="token-reveal"
      >
        {revealedKey ? <EyeOff /> : <Eye />}
      </Button>
    </span>
  )
}
