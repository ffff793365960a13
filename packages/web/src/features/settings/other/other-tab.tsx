import { useTranslation } from 'react-i18next'
import { useStatus } from '@/lib/status'
import { TextareaOption, TextOption } from '../form/option-fields'
import { OptionSection } from '../form/option-section'
import { useOptionForm } from '../form/use-option-form'
import { UpdateCheckButton } from './update-check'

const single = (key: string) => [key] as const
const noticeKeys = single('Notice')
const nameKeys = single('SystemName')
const logoKeys = single('Logo')
const homeKeys = single('HomePageContent')
const aboutKeys = single('About')
const footerKeys = single('Footer')

/** Other settings (spec §2): system info with the update check, then branding, each with its own save. */
export function OtherTab() {
  const { t, i18n } = useTranslation('settings')
  const status = useStatus()
  // In the console's language, not the browser's.
  const started = status.start_time
    ? new Date(status.start_time * 1000).toLocaleString(i18n.language === 'en' ? 'en-US' : 'zh-CN')
    : '—'
  const notice = useOptionForm({ keys: noticeKeys })
  const name = useOptionForm({ keys: nameKeys })
  const logo = useOptionForm({ keys: logoKeys })
  const home = useOptionForm({ keys: homeKeys })
  const about = useOptionForm({ keys: aboutKeys })
  const footer = useOptionForm({ keys: footerKeys })
  return (
    <div className="grid gap-5">
      <OptionSection id="info" title={t('other.info.title')} single actions={<UpdateCheckButton />}>
        <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
          <dt className="text-muted-foreground">{t('other.info.version')}</dt>
          <dd data-testid="system-version" className="font-mono">
            {status.version || '—'}
          </dd>
          <dt className="text-muted-foreground">{t('other.info.startTime')}</dt>
          <dd data-testid="system-start-time">{started}</dd>
        </dl>
      </OptionSection>
      <OptionSection
        id="notice"
        title={t('other.notice.title')}
        form={notice}
        saveLabel={t('other.notice.save')}
        single
      >
        <TextareaOption
          form={notice}
          name="Notice"
          srLabel
          rows={4}
          label={t('other.notice.label')}
          hint={t('other.contentHint')}
        />
      </OptionSection>
      <div className="grid gap-5 lg:grid-cols-2">
        <OptionSection
          id="system-name"
          title={t('other.name.title')}
          form={name}
          saveLabel={t('other.name.save')}
          single
        >
          <TextOption form={name} name="SystemName" srLabel label={t('other.name.label')} />
        </OptionSection>
        <OptionSection id="logo" title={t('other.logo.title')} form={logo} saveLabel={t('other.logo.save')} single>
          <TextOption
            form={logo}
            name="Logo"
            type="url"
            label={t('other.logo.label')}
            placeholder="https://example.com/logo.png"
          />
        </OptionSection>
      </div>
      <OptionSection
        id="home-content"
        title={t('other.home.title')}
        form={home}
        saveLabel={t('other.home.save')}
        single
      >
        <TextareaOption
          form={home}
          name="HomePageContent"
          srLabel
          rows={8}
          mono
          label={t('other.home.label')}
          hint={t('other.contentHint')}
        />
      </OptionSection>
      <OptionSection id="about" title={t('other.about.title')} form={about} saveLabel={t('other.about.save')} single>
        <TextareaOption
          form={about}
          name="About"
          srLabel
          rows={8}
          mono
          label={t('other.about.label')}
          hint={t('other.contentHint')}
        />
      </OptionSection>
      <OptionSection
        id="footer"
        title={t('other.footer.title')}
        form={footer}
        saveLabel={t('other.footer.save')}
        single
      >
        <TextareaOption
          form={footer}
          name="Footer"
          srLabel
          rows={4}
          mono
          label={t('other.footer.label')}
          hint={t('other.footer.hint')}
        />
      </OptionSection>
    </div>
  )
}
