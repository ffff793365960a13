import { useTranslation } from 'react-i18next'
import { InstantSwitch } from '../form/instant-switch'
import { OptionSection } from '../form/option-section'

/**
 * Whether admins may change channels (AdminChannelWriteEnabled). Off, they see the channel list
 * read-only; the switch saves at once and reloads the status the channel page reads.
 */
export function ChannelWriteSection() {
  const { t } = useTranslation('settings')
  return (
    <OptionSection
      id="channel-write"
      title={t('system.channelWrite.title')}
      description={t('system.channelWrite.description')}
      single
    >
      <InstantSwitch name="AdminChannelWriteEnabled" label={t('system.channelWrite.AdminChannelWriteEnabled')} />
    </OptionSection>
  )
}
