import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { optionsQuery } from '../api'
import { stripTrailingSlashes } from '../form/option-diff'
import { JsonOption, NumberOption, SecretOption, SwitchOption, TextOption } from '../form/option-fields'
import { OptionSection, wide } from '../form/option-section'
import { useOptionForm } from '../form/use-option-form'
import { ChannelWriteSection } from './channel-write-section'
import { EmailDomainSection } from './email-domain-section'
import { LoginSection } from './login-section'
import { MetricsSection } from './metrics-section'
import { ResponsesStoreSection } from './responses-store-section'
import { ServerAddressNotice } from './server-address-notice'

const strip = {
  prepare: {
    ServerAddress: stripTrailingSlashes,
    WorkerUrl: stripTrailingSlashes,
    PayAddress: stripTrailingSlashes,
    WeChatServerAddress: stripTrailingSlashes,
  },
}

const generalKeys = ['ServerAddress'] as const
const workerKeys = ['WorkerUrl', 'WorkerValidKey'] as const
const workerSecrets = ['WorkerValidKey'] as const
const paymentKeys = [
  'PayAddress',
  'EpayId',
  'EpayKey',
  'Price',
  'MinTopUp',
  'TopupGroupRatio',
  'PayMethods',
  'CustomCallbackAddress',
] as const
const paymentSecrets = ['EpayKey'] as const
const paymentJson = ['TopupGroupRatio', 'PayMethods'] as const
const paymentMin = { Price: 0, MinTopUp: 0 }
const smtpKeys = ['SMTPServer', 'SMTPPort', 'SMTPAccount', 'SMTPFrom', 'SMTPToken', 'SMTPSSLEnabled'] as const
const smtpSecrets = ['SMTPToken'] as const
const githubKeys = ['GitHubClientId', 'GitHubClientSecret'] as const
const githubSecrets = ['GitHubClientSecret'] as const
const linuxdoKeys = ['LinuxDOClientId', 'LinuxDOClientSecret'] as const
const linuxdoSecrets = ['LinuxDOClientSecret'] as const
const wechatKeys = ['WeChatServerAddress', 'WeChatServerToken', 'WeChatAccountQRCodeImageURL'] as const
const wechatSecrets = ['WeChatServerToken'] as const
const telegramKeys = ['TelegramBotName', 'TelegramBotToken'] as const
const telegramSecrets = ['TelegramBotToken'] as const
const turnstileKeys = ['TurnstileSiteKey', 'TurnstileSecretKey'] as const
const turnstileSecrets = ['TurnstileSecretKey'] as const
const sessionKeys = ['SessionIdleTimeoutMinutes'] as const

/** System settings (spec §2): addresses, payment, login methods, sessions, channel permissions, mail and the OAuth providers. */
export function SystemTab() {
  return (
    <div className="grid gap-5">
      <ServerAddressSection />
      <WorkerSection />
      <PaymentSection />
      <LoginSection />
      <SessionSection />
      <ResponsesStoreSection />
      <MetricsSection />
      <ChannelWriteSection />
      <EmailDomainSection />
      <SmtpSection />
      <OAuthSections />
    </div>
  )
}

function ServerAddressSection() {
  const { t } = useTranslation('settings')
  const { data: stored } = useQuery(optionsQuery)
  const form = useOptionForm({ keys: generalKeys, ...strip })
  return (
    <OptionSection id="server" title={t('system.server.title')} form={form} single>
      <ServerAddressNotice stored={stored?.ServerAddress ?? ''} current={window.location.origin} />
      <TextOption
        form={form}
        name="ServerAddress"
        type="url"
        label={t('system.server.address')}
        hint={t('system.server.addressHint')}
        placeholder="https://api.example.com"
      />
    </OptionSection>
  )
}

function WorkerSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys: workerKeys, secrets: workerSecrets, ...strip })
  return (
    <OptionSection
      id="worker"
      title={t('system.worker.title')}
      description={t('system.worker.description')}
      form={form}
    >
      <TextOption
        form={form}
        name="WorkerUrl"
        type="url"
        label={t('system.worker.url')}
        placeholder="https://worker.example.workers.dev"
      />
      <SecretOption form={form} name="WorkerValidKey" label={t('system.worker.key')} />
    </OptionSection>
  )
}

function PaymentSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({
    keys: paymentKeys,
    secrets: paymentSecrets,
    json: paymentJson,
    min: paymentMin,
    jsonMessages: {
      TopupGroupRatio: t('system.payment.topupGroupRatioJson'),
      PayMethods: t('system.payment.payMethodsJson'),
    },
    ...strip,
  })
  return (
    <OptionSection
      id="payment"
      title={t('system.payment.title')}
      description={t('system.payment.description')}
      form={form}
    >
      <TextOption
        form={form}
        name="PayAddress"
        type="url"
        label={t('system.payment.address')}
        placeholder="https://pay.example.com"
      />
      <TextOption form={form} name="EpayId" label={t('system.payment.epayId')} />
      <SecretOption form={form} name="EpayKey" label={t('system.payment.epayKey')} />
      <TextOption
        form={form}
        name="CustomCallbackAddress"
        type="url"
        label={t('system.payment.callback')}
        hint={t('system.payment.callbackHint')}
      />
      <NumberOption form={form} name="Price" label={t('system.payment.price')} hint={t('system.payment.priceHint')} />
      <NumberOption form={form} name="MinTopUp" step={1} label={t('system.payment.minTopUp')} />
      <JsonOption
        form={form}
        name="TopupGroupRatio"
        label={t('system.payment.topupGroupRatio')}
        hint={t('system.payment.topupGroupRatioHint')}
        className={wide}
        rows={5}
      />
      <JsonOption
        form={form}
        name="PayMethods"
        label={t('system.payment.payMethods')}
        hint={t('system.payment.payMethodsHint')}
        className={wide}
        rows={6}
      />
    </OptionSection>
  )
}

function SessionSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys: sessionKeys, min: { SessionIdleTimeoutMinutes: 0 } })
  return (
    <OptionSection
      id="sessions"
      title={t('system.sessions.title')}
      description={t('system.sessions.description')}
      form={form}
      single
    >
      <NumberOption
        form={form}
        name="SessionIdleTimeoutMinutes"
        step={1}
        label={t('system.sessions.idleTimeout')}
        hint={t('system.sessions.idleTimeoutHint')}
      />
    </OptionSection>
  )
}

function SmtpSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys: smtpKeys, secrets: smtpSecrets, min: { SMTPPort: 1 } })
  return (
    <OptionSection id="smtp" title={t('system.smtp.title')} description={t('system.smtp.description')} form={form}>
      <TextOption form={form} name="SMTPServer" label={t('system.smtp.server')} placeholder="smtp.example.com" />
      <NumberOption
        form={form}
        name="SMTPPort"
        step={1}
        label={t('system.smtp.port')}
        hint={t('system.smtp.portHint')}
      />
      <TextOption form={form} name="SMTPAccount" label={t('system.smtp.account')} />
      <TextOption form={form} name="SMTPFrom" label={t('system.smtp.from')} hint={t('system.smtp.fromHint')} />
      <SecretOption form={form} name="SMTPToken" label={t('system.smtp.token')} />
      <SwitchOption form={form} name="SMTPSSLEnabled" label={t('system.smtp.ssl')} className="self-end" />
    </OptionSection>
  )
}

function OAuthSections() {
  const { t } = useTranslation('settings')
  const { data: stored } = useQuery(optionsQuery)
  // An unset server address means the origin the console is served from (as the server does).
  const base = (stored?.ServerAddress ?? '').trim().replace(/\/+$/, '') || window.location.origin
  const github = useOptionForm({ keys: githubKeys, secrets: githubSecrets })
  const linuxdo = useOptionForm({ keys: linuxdoKeys, secrets: linuxdoSecrets })
  const wechat = useOptionForm({ keys: wechatKeys, secrets: wechatSecrets, ...strip })
  const telegram = useOptionForm({ keys: telegramKeys, secrets: telegramSecrets })
  const turnstile = useOptionForm({ keys: turnstileKeys, secrets: turnstileSecrets })
  return (
    <>
      <OptionSection
        id="github"
        title={t('system.github.title')}
        description={<CallbackHint url={`${base}/oauth/github`} />}
        form={github}
      >
        <TextOption form={github} name="GitHubClientId" label={t('system.clientId')} />
        <SecretOption form={github} name="GitHubClientSecret" label={t('system.clientSecret')} />
      </OptionSection>
      <OptionSection
        id="linuxdo"
        title={t('system.linuxdo.title')}
        description={<CallbackHint url={`${base}/oauth/linuxdo`} />}
        form={linuxdo}
      >
        <TextOption form={linuxdo} name="LinuxDOClientId" label={t('system.clientId')} />
        <SecretOption form={linuxdo} name="LinuxDOClientSecret" label={t('system.clientSecret')} />
      </OptionSection>
      <OptionSection
        id="wechat"
        title={t('system.wechat.title')}
        description={t('system.wechat.description')}
        form={wechat}
      >
        <TextOption
          form={wechat}
          name="WeChatServerAddress"
          type="url"
          label={t('system.wechat.server')}
          placeholder="https://wechat.example.com"
        />
        <SecretOption form={wechat} name="WeChatServerToken" label={t('system.wechat.token')} />
        <TextOption
          form={wechat}
          name="WeChatAccountQRCodeImageURL"
          type="url"
          label={t('system.wechat.qrcode')}
          className={wide}
        />
      </OptionSection>
      <OptionSection
        id="telegram"
        title={t('system.telegram.title')}
        description={t('system.telegram.description')}
        form={telegram}
      >
        <TextOption form={telegram} name="TelegramBotName" label={t('system.telegram.botName')} />
        <SecretOption form={telegram} name="TelegramBotToken" label={t('system.telegram.botToken')} />
      </OptionSection>
      <OptionSection
        id="turnstile"
        title={t('system.turnstile.title')}
        description={t('system.turnstile.description')}
        form={turnstile}
      >
        <TextOption form={turnstile} name="TurnstileSiteKey" label={t('system.turnstile.siteKey')} />
        <SecretOption form={turnstile} name="TurnstileSecretKey" label={t('system.turnstile.secretKey')} />
      </OptionSection>
    </>
  )
}

/** The address to register at the provider; long, so it may break anywhere on phones. */
function CallbackHint({ url }: { url: string }) {
  const { t } = useTranslation('settings')
  return (
    <>
      {t('system.oauthCallback')} <code className="font-mono text-xs break-all">{url}</code>
    </>
  )
}
