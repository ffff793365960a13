import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { i18n } from '@/i18n'
import { statusQueryKey } from '@/lib/status'
import { optionsQuery, optionsQueryKey, saveOptions, secretStatusQuery, type SaveFailure } from '../api'
import { changedEntries, isValidJson, prettyJson } from './option-diff'

export interface OptionFormConfig {
  keys: readonly string[]
  /** Write-only keys: shown empty, saved only when something is typed. */
  secrets?: readonly string[]
  /** JSON keys: pretty-printed, checked on blur and before saving. */
  json?: readonly string[]
  /** A JSON key's own message instead of the generic 'not a valid JSON string'. */
  jsonMessages?: Readonly<Record<string, string>>
  /** Keys holding numbers, with the smallest value the spec allows. */
  min?: Readonly<Record<string, number>>
  /** A form-wide check before saving; returns a translated message to refuse the save. */
  validate?: (values: Readonly<Record<string, string>>) => string | null
  /** Rewrites a value before it is compared and sent (e.g. trailing slashes). */
  prepare?: Readonly<Record<string, (value: string) => string>>
}

export type OptionForm = ReturnType<typeof useOptionForm>

/**
 * One settings group: the stored values, the edits on top, per-field errors, and a save that sends
 * only the changed keys (one PUT each) and reports nothing-changed, partial failure or success.
 */
export function useOptionForm(config: OptionFormConfig) {
  const { t } = useTranslation('settings')
  const queryClient = useQueryClient()
  const options = useQuery(optionsQuery)
  const secretStatus = useQuery({ ...secretStatusQuery, enabled: (config.secrets?.length ?? 0) > 0 })
  const [draft, setDraft] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const secrets = useMemo(() => new Set(config.secrets ?? []), [config.secrets])
  const jsonKeys = useMemo(() => new Set(config.json ?? []), [config.json])

  // What the fields show when untouched: secrets blank, JSON indented.
  const initial = useMemo(() => {
    const shown: Record<string, string> = {}
    for (const key of config.keys) {
      const stored = options.data?.[key] ?? ''
      shown[key] = secrets.has(key) ? '' : jsonKeys.has(key) ? prettyJson(stored) : stored
    }
    return shown
  }, [config.keys, options.data, secrets, jsonKeys])

  const values: Record<string, string> = { ...initial, ...draft }

  const checkField = (key: string, value: string): string | undefined => {
    if (jsonKeys.has(key) && !isValidJson(value)) return config.jsonMessages?.[key] ?? t('form.invalidJson')
    const min = config.min?.[key]
    if (min !== undefined && (value.trim() === '' || !Number.isFinite(Number(value)) || Number(value) < min)) {
      return t('form.minNumber', { min })
    }
    return undefined
  }

  const setError = (key: string, message: string | undefined) =>
    setErrors((current) => {
      const next = { ...current }
      if (message) next[key] = message
      else delete next[key]
      return next
    })

  const set = (key: string, value: string) => {
    setDraft((current) => ({ ...current, [key]: value }))
    // Editing clears the complaint; the check runs again on blur and on save.
    if (errors[key]) setError(key, undefined)
  }

  const blur = (key: string) => setError(key, checkField(key, values[key] ?? ''))

  const mutation = useMutation({
    mutationFn: saveOptions,
    onSuccess: async ({ saved, failed }) => {
      setDraft((current) => {
        const next = { ...current }
        for (const key of saved) delete next[key]
        return next
      })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: optionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: statusQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['content'] }),
      ])
      reportSave({ saved, failed })
    },
  })

  const save = () => {
    const found: Record<string, string> = {}
    for (const key of config.keys) {
      const message = checkField(key, values[key] ?? '')
      if (message) found[key] = message
    }
    setErrors(found)
    if (Object.keys(found).length > 0) {
      toast.error(t('form.checkInput'))
      return
    }
    const refusal = config.validate?.(values)
    if (refusal) {
      toast.error(refusal)
      return
    }
    const prepared: Record<string, string> = {}
    for (const [key, value] of Object.entries(draft)) prepared[key] = config.prepare?.[key]?.(value) ?? value
    const changes = changedEntries(config.keys, initial, prepared, secrets)
    if (changes.length === 0) {
      toast.warning(t('form.nothingChanged'))
      return
    }
    mutation.mutate(changes)
  }

  return {
    values,
    errors,
    set,
    blur,
    save,
    saving: mutation.isPending,
    loading: options.isPending,
    loadError: options.error,
    isSecret: (key: string) => secrets.has(key),
    /** undefined while unknown */
    secretIsSet: (key: string): boolean | undefined => secretStatus.data?.[key],
  }
}

/** The spec's outcome messages of a save: success, 'save failed', or which keys failed. */
export function reportSave({ saved, failed }: { saved: readonly string[]; failed: readonly SaveFailure[] }): void {
  const t = i18n.getFixedT(null, 'settings')
  if (failed.length === 0) toast.success(t('form.saved'))
  else if (saved.length === 0)
    toast.error(t('form.saveFailed'), { description: failed.map((f) => f.message).join('\n') })
  else {
    toast.error(t('form.partialFailed', { keys: failed.map((f) => f.key).join(', ') }), {
      description: failed.map((f) => `${f.key}: ${f.message}`).join('\n'),
    })
  }
}
