import type { Change } from '../services/changes/change-bus.ts'

/**
 * What the primary and its workers say to each other over the cluster's IPC channel. Every message
 * carries `gw`, so anything else on the channel (Node's own cluster messages) is left alone.
 */
export type WorkerMessage =
  /** the worker listens; the port is the one the primary reports */
  | { gw: 'ready'; port: number }
  /** a change this worker published, for the primary to pass to every other worker */
  | { gw: 'change'; change: Change }
  /** a call on state the primary keeps for every worker (see hosted-state.ts) */
  | { gw: 'call'; id: number; name: string; method: string; args: unknown[] }
  /** a scrape reached this worker: the primary answers every worker's metrics summed, as exposition text */
  | { gw: 'cluster-metrics'; id: number }
  /** this worker's own metric families (prom-client's JSON form), answering the primary's `collect-metrics` */
  | { gw: 'own-metrics'; id: number; families: unknown[] }

export type PrimaryMessage =
  /** which slot the worker fills, and whether it runs the background jobs; sent once, first */
  | { gw: 'role'; slot: number; jobs: boolean }
  | { gw: 'change'; change: Change }
  | { gw: 'answer'; id: number; result?: unknown; error?: string }
  /** asks a worker for its own metric families, for a scrape that reached one of them */
  | { gw: 'collect-metrics'; id: number }

/** The ends of an IPC channel that both sides use: `process` in a worker, a `Worker` in the primary. */
export interface MessagePort {
  /** the callback hears a send on a closed channel, which would otherwise be an 'error' event */
  send(message: unknown, callback: (error: Error | null) => void): unknown
  on(event: 'message', listener: (message: unknown) => void): unknown
}

export const isGatewayMessage = (message: unknown): message is { gw: string } =>
  typeof message === 'object' && message !== null && typeof (message as { gw?: unknown }).gw === 'string'
