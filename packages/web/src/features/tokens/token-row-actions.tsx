import { TokenStatus, type Token } from '@gateway/shared'
import { Copy, MessagesSquare, Pencil, Power, PowerOff, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { RowActions } from '@/components/data-table'
import { Button } from '@/components/ui/button'
import {
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
} from '@/components/ui/dropdown-menu'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import { chatEntries } from '@/features/chat/chat-link'
import { useStatus } from '@/lib/status'

export interface TokenRowHandlers {
  onCopy: (token: Token) => void
  /** Opens a chat link template with the token's full key filled in. */
  onOpenChat: (template: string, token: Token) => void
  onToggle: (token: Token) => void
  onEdit: (token: Token) => void
  onDelete: (token: Token) => void
}

function ChatLinksMenu({ token, onOpenChat }: { token: Token; onOpenChat: TokenRowHandlers['onOpenChat'] }) {
  const { t } = useTranslation('tokens')
  const chats = chatEntries(useStatus().chats)
  if (chats.length === 0) {
    return (
      <DropdownMenuItem onSelect={() => toast.info(t('toast.noChats'))}>
        <MessagesSquare />
        {t('actions.chat')}
      </DropdownMenuItem>
    )
  }
  return (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger data-testid="token-chat-menu">
        <MessagesSquare />
        {t('actions.chat')}
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent>
        {chats.map((chat, index) => (
          <DropdownMenuItem key={`${chat.label}-${index}`} onSelect={() => onOpenChat(chat.url, token)}>
            {chat.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  )
}

function IconAction({
  label,
  onClick,
  children,
  testId,
}: {
  label: string
  onClick: () => void
  children: React.ReactNode
  testId: string
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={label} onClick={onClick} data-testid={testId}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  )
}

/** Copy and edit inline; enable/disable, chat links and delete in the menu. */
export function TokenRowActions({ token, handlers }: { token: Token; handlers: TokenRowHandlers }) {
  const { t } = useTranslation('tokens')
  const enabled = token.status === TokenStatus.enabled
  return (
    <RowActions
      inline={
        <>
          <IconAction label={t('actions.copyKey')} onClick={() => handlers.onCopy(token)} testId="token-copy">
            <Copy />
          </IconAction>
          <IconAction label={t('actions.edit')} onClick={() => handlers.onEdit(token)} testId="token-edit">
            <Pencil />
          </IconAction>
        </>
      }
    >
      <DropdownMenuItem className="sm:hidden" onSelect={() => handlers.onCopy(token)}>
        <Copy />
        {t('actions.copyKey')}
      </DropdownMenuItem>
      <DropdownMenuItem className="sm:hidden" onSelect={() => handlers.onEdit(token)}>
        <Pencil />
        {t('actions.edit')}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => handlers.onToggle(token)} data-testid="token-toggle">
        {enabled ? <PowerOff /> : <Power />}
        {enabled ? t('actions.disable') : t('actions.enable')}
      </DropdownMenuItem>
      <ChatLinksMenu token={token} onOpenChat={handlers.onOpenChat} />
      <DropdownMenuSeparator />
      <DropdownMenuItem variant="destructive" onSelect={() => handlers.onDelete(token)} data-testid="token-delete">
        <Trash2 />
        {t('actions.delete')}
      </DropdownMenuItem>
    </RowActions>
  )
}
