import { Plus, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { SwitchOption } from '../form/option-fields'
import { OptionSection, wide } from '../form/option-section'
import { useOptionForm } from '../form/use-option-form'
import { addDomain, parseDomains, removeDomain } from './domain-list'

const keys = ['EmailDomainRestrictionEnabled', 'EmailAliasRestrictionEnabled', 'EmailDomainWhitelist'] as const

/** Restriction switches and the whitelist as removable chips; saved together. */
export function EmailDomainSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys })
  const [pending, setPending] = useState('')
  const domains = parseDomains(form.values.EmailDomainWhitelist ?? '')
  const setDomains = (next: string[]) => form.set('EmailDomainWhitelist', next.join(','))
  const add = () => {
    setDomains(addDomain(domains, pending))
    setPending('')
  }
  return (
    <OptionSection
      id="email-domain"
      title={t('system.emailDomain.title')}
      description={t('system.emailDomain.description')}
      form={form}
    >
      <SwitchOption form={form} name="EmailDomainRestrictionEnabled" label={t('system.emailDomain.restriction')} />
      <SwitchOption
        form={form}
        name="EmailAliasRestrictionEnabled"
        label={t('system.emailDomain.alias')}
        hint={t('system.emailDomain.aliasHint')}
      />
      <div className={`grid gap-2 ${wide}`}>
        <div data-testid="domain-list" className="flex flex-wrap gap-1.5">
          {domains.length === 0 && (
            <span className="text-sm text-muted-foreground">{t('system.emailDomain.empty')}</span>
          )}
          {domains.map((domain) => (
            <span
              key={domain}
              className="inline-flex items-center gap-1 rounded-md border bg-muted/50 py-0.5 pr-1 pl-2 text-sm"
            >
              {domain}
              <button
                type="button"
                className="rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
                aria-label={t('system.emailDomain.remove', { domain })}
                onClick={() => setDomains(removeDomain(domains, domain))}
              >
                <X className="size-3.5" />
              </button>
            </span>
          ))}
        </div>
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            add()
          }}
        >
          <Input
            data-testid="domain-input"
            aria-label={t('system.emailDomain.add')}
            placeholder={t('system.emailDomain.placeholder')}
            value={pending}
            onChange={(event) => setPending(event.target.value)}
          />
          <Button type="submit" variant="outline" data-testid="domain-add">
            <Plus />
            {t('system.emailDomain.add')}
          </Button>
        </form>
      </div>
    </OptionSection>
  )
}
