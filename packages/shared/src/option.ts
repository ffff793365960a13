import { z } from 'zod'

/** PUT /api/option/: one option; the value is stored as text (objects as JSON). */
export const updateOptionInput = z.object({ key: z.string().min(1).max(255), value: z.unknown() })
export type UpdateOptionInput = z.infer<typeof updateOptionInput>

/** GET /api/option/: every non-secret option, one entry each. */
export interface OptionEntry {
  key: string
  value: string
}

/** GET /api/option/secrets: whether a write-only secret holds a value (never the value). */
export interface SecretOptionStatus {
  key: string
  set: boolean
}

/** The latest release of the public feed the settings' update check reads. */
export interface LatestRelease {
  tag_name: string
  /** Release notes as the host wrote them (markdown); the console renders them sanitised. */
  body: string
  html_url: string
}

/** GET /api/option/update: the running version and the latest release (null when the feed did not answer). */
export interface UpdateCheck {
  current_version: string
  release: LatestRelease | null
}
