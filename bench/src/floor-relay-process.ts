import { announceAndServe } from './child-lifecycle.ts'
import { startFloorRelay, type FloorRelayOptions } from './floor-relay.ts'

/**
 * The floor relay in its own process, like the gateway, so its CPU time can be read from /proc:
 * `node floor-relay-process.ts '<FloorRelayOptions as JSON>'` prints `{"port":N}` once listening
 * and exits when its stdin closes (the parent went away) or on SIGTERM.
 */
const options = JSON.parse(process.argv[2] ?? 'null') as FloorRelayOptions | null
if (!options) throw new Error("usage: floor-relay-process.ts '<options as JSON>'")
const relay = await startFloorRelay(options)
announceAndServe(relay.port, () => relay.stop())
