import { AggregatorRegistry } from 'prom-client'
import type { Logger } from '../lib/logger.ts'
import { isGatewayMessage, type MessagePort, type PrimaryMessage, type WorkerMessage } from './cluster-messages.ts'
import type { HostedState } from './hosted-state.ts'

/**
 * How long a scrape waits for each worker's metrics. A worker that does not answer in time (it is
 * starting or dying) is left out of that scrape rather than failing it.
 */
const COLLECT_TIMEOUT_MS = 1_000

/** one worker's metric families, as prom-client's getMetricsAsJSON() writes them */
type Families = object[]

/**
 * The primary's switchboard: passes each worker's change notices to every other worker, answers
 * calls on the hosted state, and answers a scrape with every worker's metrics summed. Workers come
 * and go (a crashed one is replaced); the hub only knows the ones attached now.
 */
export class PrimaryHub {
  private readonly workers = new Set<MessagePort>()
  private readonly state: HostedState
  private readonly logger: Logger
  private nextCollect = 0
  /** collections under way: who answered what */
  private readonly collecting = new Map<number, (worker: MessagePort, families: Families) => void>()

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
      } else if (m.gw === 'cluster-metrics') {
        this.clusterMetrics().then(
          (text) => send(worker, { gw: 'answer', id: m.id, result: text }),
          (error: unknown) => send(worker, { gw: 'answer', id: m.id, error: String(error) })
        )
      } else if (m.gw === 'own-metrics') {
        this.collecting.get(m.id)?.(worker, m.families as Families)
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

  /**
   * Every attached worker's metrics, summed the way each family says (prom-client's aggregators:
   * counters and histograms add up, a few process gauges are averaged or taken once), as exposition
   * text. Without it a scrape would read whichever worker the connection reached.
   */
  async clusterMetrics(): Promise<string> {
    const id = ++this.nextCollect
    const asked = [...this.workers]
    const answers = new Map<MessagePort, Families>()
    await new Promise<void>((done) => {
      const timer = setTimeout(done, COLLECT_TIMEOUT_MS)
      this.collecting.set(id, (worker, families) => {
        answers.set(worker, families)
        if (asked.every((w) => answers.has(w) || !this.workers.has(w))) {
          clearTimeout(timer)
          done()
        }
      })
      for (const worker of asked) send(worker, { gw: 'collect-metrics', id })
    })
    this.collecting.delete(id)
    if (answers.size < asked.length)
      this.logger.warn(
        { asked: asked.length, answered: answers.size },
        'metrics scrape left out workers that did not answer'
      )
    return AggregatorRegistry.aggregate([...answers.values()]).metrics()
  }
}

// A worker that died meanwhile cannot be told; its replacement starts from the database.
const send = (worker: MessagePort, message: PrimaryMessage) => void worker.send(message, () => undefined)
