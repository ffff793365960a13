import type { UnixSeconds, WithDefault } from './common.ts'

/** stored_responses: converted Responses exchanges that may be continued (see the 0017 migration). */
export interface StoredResponsesTable {
  /** the `resp_...` id the gateway answered with */
  id: string
  user_id: number
  /** the token that made the request; 0 for the console's playground (then the user owns it) */
  token_id: WithDefault<number>
  /** the model the client asked for */
  model: WithDefault<string>
  /** the request's instructions ('' for none); kept for reading the response back, never carried over */
  instructions: string
  /** JSON array of Chat Completions messages: every earlier turn, this input, then the answer */
  messages: string
  created_at: UnixSeconds
}
