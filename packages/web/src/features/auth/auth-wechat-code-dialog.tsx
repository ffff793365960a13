import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { FormField } from './auth-form-field'

export interface WeChatCodeTexts {
  title: string
  hint: string
  qrAlt: string
  code: string
  codePlaceholder?: string
  codeRequired: string
  submit: string
}

interface WeChatCodeDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  qrCode: string
  texts: WeChatCodeTexts
  testId: string
  inputId: string
  pending: boolean
  /** the server's refusal, shown under the code field */
  failure?: string | null
  onSubmit: (code: string) => void
}

/** Scan the official account's QR code, receive a code by message, type it here (sign-in or binding). */
export function WeChatCodeDialog({
  open,
  onOpenChange,
  qrCode,
  texts,
  testId,
  inputId,
  pending,
  failure,
  onSubmit,
}: WeChatCodeDialogProps) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!code.trim()) return setError(texts.codeRequired)
    setError(null)
    onSubmit(code.trim())
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent data-testid={testId} className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.hint}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          {qrCode && (
            <img
              src={qrCode}
              alt={texts.qrAlt}
              className="mx-auto size-44 rounded-lg border bg-white object-contain p-2"
            />
          )}
          <FormField
            id={inputId}
            label={texts.code}
            placeholder={texts.codePlaceholder}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error ?? failure ?? null}
            autoComplete="one-time-code"
          />
          <DialogFooter>
            <Button type="submit" disabled={pending} className="w-full">
              {pending && <Spinner />}
              {texts.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
