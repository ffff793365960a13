import type { Change } from '../services/changes/change-bus.ts'
import { isGatewayMessage, type MessagePort, type PrimaryMessage, type WorkerMessage } from './cluster-messages.ts'

/**
 * How long a call on the primary's state may take. The primary answers from memory in microseconds;
 * no answer means it is gone (its workers are then shutting down), and the caller gets an error.
 */
const CALL_TIMEOUT_MS = 2_000

/** A worker's side of the cluster channel: calls on the primary's shared state, and change notices. */
export class WorkerLink {
  private readonly port: MessagePort
  private nextId = 0
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >()
  private readonly changeListeners: Array<(change: Change) => void> = []
  private ownMetrics: () => Promise<unknown[]> = () => Promise.resolve([])

  constructor(port: MessagePort) {
    this.port = port
    port.on('message', (message) => {
      if (!isGatewayMessage(message)) return
      const m = message as PrimaryMessage
      if (m.gw === 'answer') this.settle(m)
      else if (m.gw === 'change') for (const listener of this.changeListeners) listener(m.change)
      else if (m.gw === 'collect-metrics')
        this.ownMetrics().then(
          (families) => this.send({ gw: 'own-metrics', id: m.id, families }),
          () => this.send({ gw: 'own-metrics', id: m.id, families: [] })
        )
    })
  }

  call<T>(name: string, method: string, args: unknown[]): Promise<T> {
    return this.ask((id) => ({ gw: 'call', id, name, method, args }), `${name}.${method}`, CALL_TIMEOUT_MS)
  }

  /** Every worker's metrics summed, as exposition text (the primary asks each worker for its own). */
  clusterMetrics(): Promise<string> {
    // The primary gives each worker a second to answer.
    return this.ask((id) => ({ gw: 'cluster-metrics', id }), 'cluster metrics', CALL_TIMEOUT_MS + 1_000)
  }

  /** What this worker answers when the primary collects every worker's metrics. */
  answerMetrics(own: () => Promise<unknown[]>): void {
    this.ownMetrics = own
  }

  /** Tells the other workers (through the primary) that something changed. */
  announce(change: Change): void {
    this.send({ gw: 'change', change })
  }

  /** Changes announced by the other workers. */
  onChange(listener: (change: Change) => void): void {
    this.changeListeners.push(listener)
  }

  ready(port: number): void {
    this.send({ gw: 'ready', port })
  }

  private ask<T>(message: (id: number) => WorkerMessage, what: string, timeoutMs: number): Promise<T> {
    const id = ++this.nextId
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(new Error(`cluster primary did not answer ${what}`))
      }, timeoutMs)
      timer.unref()
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer })
      this.send(message(id))
    })
  }

  private send(message: WorkerMessage): void {
    // A closed channel means the primary is gone and this worker is shutting down; pending calls time out.
    this.port.send(message, () => undefined)
  }

  private settle(answer: Extract<PrimaryMessage, { gw: 'answer' }>): void {
    const waiting = this.pending.get(answer.id)
    if (!waiting) return
    this.pending.delete(answer.id)
    clearTimeout(waiting.timer)
    if (answer.error !== undefined) waiting.reject(new Error(answer.error))
    else waiting.resolve(answer.result)
  }
}

/** An object whose listed methods run on the primary's hosted instance of `name`. */
export function remote<T>(link: WorkerLink, name: string, methods: readonly (keyof T & string)[]): T {
  const proxy: Record<string, (...args: unknown[]) => Promise<unknown>> = {}
  for (const method of methods) proxy[method] = (...args: unknown[]) => link.call(name, method, args)
  return proxy as T
}
