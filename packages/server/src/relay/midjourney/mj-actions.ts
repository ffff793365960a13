import { MjSubmitCode } from '@gateway/shared'

/** The action kinds a drawing task can have (spec: drawing action kinds; VIDEO and EDITS from newer proxies). */
export const MjAction = {
  imagine: 'IMAGINE',
  upscale: 'UPSCALE',
  variation: 'VARIATION',
  highVariation: 'HIGH_VARIATION',
  lowVariation: 'LOW_VARIATION',
  pan: 'PAN',
  describe: 'DESCRIBE',
  blend: 'BLEND',
  upload: 'UPLOAD',
  shorten: 'SHORTEN',
  reroll: 'REROLL',
  inpaint: 'INPAINT',
  zoom: 'ZOOM',
  customZoom: 'CUSTOM_ZOOM',
  modal: 'MODAL',
  swapFace: 'SWAP_FACE',
  video: 'VIDEO',
  edits: 'EDITS',
} as const
export type MjActionKind = (typeof MjAction)[keyof typeof MjAction]

/** Submit codes of the Midjourney proxy: 1 submitted, 21 exists or waits for a modal, 22 queued. */
export const MJ_ACCEPTED_CODES: ReadonlySet<number> = new Set([
  MjSubmitCode.submitted,
  MjSubmitCode.exists,
  MjSubmitCode.queued,
])

/** The gateway's own refusals, in the proxy's answer shape (code 4 = bad request, like the reference). */
export const MJ_LOCAL_ERROR_CODE = 4

/** The submit paths (after /mj/) and what they are. `fromBody` actions are read from the request. */
export const SUBMIT_PATHS: Record<
  string,
  { action?: MjActionKind; fromBody?: 'change' | 'simple-change' | 'action'; followUp?: boolean; plusOnly?: boolean }
> = {
  'submit/imagine': { action: MjAction.imagine },
  'submit/change': { fromBody: 'change', followUp: true },
  'submit/simple-change': { fromBody: 'simple-change', followUp: true },
  'submit/describe': { action: MjAction.describe },
  'submit/blend': { action: MjAction.blend },
  'submit/action': { fromBody: 'action', followUp: true, plusOnly: true },
  'submit/modal': { action: MjAction.modal, followUp: true, plusOnly: true },
  'submit/shorten': { action: MjAction.shorten, plusOnly: true },
  'submit/upload-discord-images': { action: MjAction.upload, plusOnly: true },
  'submit/video': { action: MjAction.video, plusOnly: true },
  'submit/edits': { action: MjAction.edits, plusOnly: true },
  'insight-face/swap': { action: MjAction.swapFace, plusOnly: true },
  'submit/swap_face': { action: MjAction.swapFace, plusOnly: true },
}

/** The priced model of an action: mj_<action lowercase>, except the face swap (reference naming). */
export function modelForAction(action: MjActionKind): string {
  return action === MjAction.swapFace ? 'swap_face' : `mj_${action.toLowerCase()}`
}

/** `{action, index}` of a /submit/change body (UPSCALE, VARIATION, REROLL). */
export function actionOfChange(value: unknown): MjActionKind | undefined {
  return value === MjAction.upscale || value === MjAction.variation || value === MjAction.reroll ? value : undefined
}

/** `content: "<taskId> U1"` of a /submit/simple-change body. */
export function parseSimpleChange(
  content: unknown
): { taskId: string; action: MjActionKind; index: number } | undefined {
  if (typeof content !== 'string') return undefined
  const match = /^\s*(\S+)\s+([UVR])([1-4]?)\s*$/i.exec(content)
  if (!match) return undefined
  const kind = (match[2] as string).toUpperCase()
  const action = kind === 'U' ? MjAction.upscale : kind === 'V' ? MjAction.variation : MjAction.reroll
  if (action !== MjAction.reroll && !match[3]) return undefined
  return { taskId: match[1] as string, action, index: Number(match[3] || 0) }
}

/**
 * The action behind a button's customId (`MJ::JOB::upsample::1::<hash>`, `MJ::Outpaint::50::1::<hash>`,
 * `MJ::CustomZoom::<hash>`, `MJ::Inpaint::1::<hash>`...), as the reference reads it.
 */
export function actionOfCustomId(customId: unknown): MjActionKind | undefined {
  if (typeof customId !== 'string' || !customId.startsWith('MJ::')) return undefined
  const parts = customId.split('::')
  const name = (parts[1] === 'JOB' ? parts[2] : parts[1]) ?? ''
  if (name.includes('upsample')) return MjAction.upscale
  if (name === 'low_variation') return MjAction.lowVariation
  if (name === 'high_variation') return MjAction.highVariation
  if (name.includes('variation')) return MjAction.variation
  if (name.includes('pan')) return MjAction.pan
  if (name.includes('reroll')) return MjAction.reroll
  if (name === 'Outpaint') return MjAction.zoom
  if (name === 'CustomZoom') return MjAction.customZoom
  if (name === 'Inpaint') return MjAction.inpaint
  return undefined
}

/** `--fast`, `--relax` and `--turbo` removed from a prompt (option MjModeClearEnabled). */
export function clearModeFlags(prompt: string): string {
  return prompt.replace(/\s*--(fast|relax|turbo)\b/g, '').trim()
}
