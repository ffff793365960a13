import { Moon, Sun } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import { useTheme } from '@/hooks/use-theme'

export function ThemeToggle() {
  const { t } = useTranslation()
  const { resolved, setMode } = useTheme()
  const next = resolved === 'dark' ? 'light' : 'dark'
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          data-testid="theme-toggle"
          data-theme={resolved}
          aria-label={t('theme.toggle')}
          onClick={() => setMode(next)}
        >
          {resolved === 'dark' ? <Moon /> : <Sun />}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{t(`theme.${next}`)}</TooltipContent>
    </Tooltip>
  )
}
