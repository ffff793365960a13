import { useMutation } from '@tanstack/react-query'
import { CircleAlert, FingerprintIcon, InfoIcon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { describePasskeyFailure, passkeysSupported, type PasskeyFailure } from './auth-passkey-ceremony'
import { signInWithPasskey } from './auth-passkey-login'
import { useCompleteLogin } from './use-complete-login'

/** "Sign in with a passkey", for browsers that have WebAuthn; it ends like every other sign-in. */
export function PasskeyLoginButton() {
  const { t } = useTranslation('auth')
  const completeLogin = useCompleteLogin()
  const [supported] = useState(passkeysSupported)
  const [failure, setFailure] = useState<PasskeyFailure | null>(null)
  const mutation = useMutation({
    mutationFn: signInWithPasskey,
    onMutate: () => setFailure(null),
    onSuccess: completeLogin,
    onError: (error) => setFailure(describePasskeyFailure(error)),
  })
  if (!supported) return null

  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate()}
        data-testid="passkey-login"
      >
        {mutation.isPending ? <Spinner /> : <FingerprintIcon />}
        {t('passkey.signIn')}
      </Button>
      {failure && (
        <Alert
          variant={failure.kind === 'cancelled' ? 'default' : 'destructive'}
          className="py-2.5"
          data-testid="passkey-login-message"
        >
          {failure.kind === 'cancelled' ? <InfoIcon /> : <CircleAlert />}
          <AlertTitle className="font-normal">
            {failure.kind === 'failed'
              ? t('passkey.failed', { message: failure.message })
              : t(`passkey.${failure.kind}`)}
          </AlertTitle>
        </Alert>
      )}
    </div>
  )
}
