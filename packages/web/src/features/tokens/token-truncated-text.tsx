import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import { cn } from '@/lib/utils'

/** One line cut at 10rem with the full text (`full`, else `text`) in a tooltip: lists of IPs, models. */
export function TruncatedText({ text, full, className }: { text: string; full?: string; className?: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span tabIndex={0} className={cn('block max-w-40 truncate outline-none', className)}>
          {text}
        </span>
      </TooltipTrigger>
      <TooltipContent className="max-w-80 break-all whitespace-pre-wrap">{full ?? text}</TooltipContent>
    </Tooltip>
  )
}
