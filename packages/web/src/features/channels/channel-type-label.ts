import { channelTypeInfo } from '@gateway/shared'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

/** The translated label of a channel type id (unknown ids show as 'Unknown type #id'). */
export function useTypeLabel(): (type: number) => string {
  const { t, i18n } = useTranslation('channels')
  return useCallback(
    (type: number) => {
      const key = `types.${type}` as const
      if (i18n.exists(`channels:${key}`)) return t(key as 'types.0')
      return channelTypeInfo(type)?.label ?? `${t('types.0')} #${type}`
    },
    [t, i18n]
  )
}
