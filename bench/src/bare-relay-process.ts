import { startBareRelay } from './bare-relay.ts'
import { announceAndServe } from './child-lifecycle.ts'

/**
 * The bare relay in its own process, like the gateway, so its CPU time can be read from /proc:
 * `node bare-relay-process.ts <upstream URL>` prints `{"port":N}` once listening and exits when its
 * stdin closes (the parent went away) or on SIGTERM.
 */
const upstream = process.argv[2]
if (!upstream) throw new Error('usage: bare-relay-process.ts <upstream URL>')
const relay = await startBareRelay(upstream)
announceAndServe(relay.port, () => relay.stop())
