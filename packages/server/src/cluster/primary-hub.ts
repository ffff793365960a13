import type { Logger } from '../lib/logger.ts'
import { isGatewayMessage, type MessagePort, type PrimaryMessage, type WorkerMessage } from './cluster-messages.ts'
import type { HostedState } from './hosted-state.ts'

/**
 * The primary's switchboard: passes each worker's change notices to every other worker and answers
 * calls on the hosted state. Workers come and go (a crashed one is replaced); the hub only knows
 * the ones attached now.
 */
export class PrimaryHub {
  private readonly workers = new Set<MessagePort>()
  private readonly state: HostedState
  private readonly logger: Logger

  constructor(state: HostedState, logger: Logger) {
    this.state = state
    this.logger = logger
  }

  /** Starts listening to a worker; `onReady` hears its port once it listens. */
  attach(worker: MessagePort, onReady: (port: number) => void): void {
    this.workers.add(worker)
    worker.on('message', (message) => {
      if (!isGatewayMessage(message)) return
      const m = message as WorkerMessage
      if (m.gw === 'ready') onReady(m.port)
      else if (m.gw === 'change') {
        for (const other of this.workers) if (other !== worker) send(other, { gw: 'change', change: m.change })
      } else if (m.gw === 'call') {
        this.state.answer(m.name, m.method, m.args).then(
          (result) => send(worker, { gw: 'answer', id: m.id, result }),
          (error: unknown) => {
            this.logger.warn({ err: String(error), call: `${m.name}.${m.method}` }, 'hosted call failed')
            send(worker, { gw: 'answer', id: m.id, error: error instanceof Error ? error.message : String(error) })
          }
        )
      }
    })
  }

  detach(worker: MessagePort): void {
    this.workers.delete(worker)
  }
}

// A worker that died meanwhile cannot be told; its replacement starts from the database.
const send = (worker: MessagePort, message: PrimaryMessage) => void worker.send(message, () => undefined)
