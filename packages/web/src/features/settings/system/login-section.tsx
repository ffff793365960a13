import { useTranslation } from 'react-i18next'
import { InstantSwitch } from '../form/instant-switch'
import { OptionSection } from '../form/option-section'

const switches = [
  'PasswordLoginEnabled',
  'PasswordRegisterEnabled',
  'RegisterEnabled',
  'EmailVerificationEnabled',
  'GitHubOAuthEnabled',
  'LinuxDOOAuthEnabled',
  'WeChatAuthEnabled',
  'TelegramOAuthEnabled',
  'TurnstileCheckEnabled',
  'TwoFactorRequiredForAdmins',
] as const

/** Login and registration switches save as they are flipped; turning password login off asks first. */
export function LoginSection() {
  const { t } = useTranslation('settings')
  return (
    <OptionSection id="login" title={t('system.login.title')} description={t('system.login.description')}>
      {switches.map((name) => (
        <InstantSwitch
          key={name}
          name={name}
          label={t(`system.login.${name}`)}
          confirmOff={
            name === 'PasswordLoginEnabled'
              ? { title: t('system.login.passwordOffTitle'), description: t('system.login.passwordOffBody') }
              : undefined
          }
        />
      ))}
    </OptionSection>
  )
}
