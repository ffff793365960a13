import { collectDefaultMetrics, Registry, type Metric } from 'prom-client'
import { metricsOf, type MetricsHost } from './gateway-metrics.ts'
import { databaseErrors, redisErrors } from './process-errors.ts'

/** The Prometheus text format (0.0.4), as prom-client writes it. */
export const EXPOSITION_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE

let processRegistry: Registry | undefined

/**
 * Node's defaults (CPU, memory, GC, event-loop delay) and the process-wide error counters. Made on
 * the first scrape: the event-loop monitor then runs only in processes someone actually scrapes.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
    processRegistry.registerMetric(databaseErrors as unknown as Metric)
    processRegistry.registerMetric(redisErrors as unknown as Metric)
  }
  return processRegistry
}

const appRegistries = new WeakMap<MetricsHost, Registry>()

function appMetrics(host: MetricsHost): Registry {
  let registry = appRegistries.get(host)
  if (!registry) {
    registry = new Registry()
    // These families implement what the registry reads (name, help, type, get()); see series.ts.
    for (const family of metricsOf(host).families()) registry.registerMetric(family as unknown as Metric)
    appRegistries.set(host, registry)
  }
  return registry
}

/** The whole exposition: this app's relay metrics, then the process's. */
export async function renderMetrics(host: MetricsHost): Promise<string> {
  const [app, process] = await Promise.all([appMetrics(host).metrics(), processMetrics().metrics()])
  return app + '\n' + process
}

/** The same families as data (prom-client's JSON form), for the cluster primary to sum over workers. */
export async function ownMetrics(host: MetricsHost): Promise<unknown[]> {
  const [app, process] = await Promise.all([appMetrics(host).getMetricsAsJSON(), processMetrics().getMetricsAsJSON()])
  return [...app, ...process]
}
