import { announceAndServe } from './child-lifecycle.ts'
import { startMockUpstream, type MockUpstreamOptions } from './mock-upstream.ts'

/**
 * The mock upstream in its own process, so that the load generator does not steal its event loop:
 * `node mock-process.ts '<options JSON>'` prints `{"port":N}` once listening and exits when its
 * stdin closes (the parent went away) or on SIGTERM.
 */
const options = JSON.parse(process.argv[2] ?? '{}') as MockUpstreamOptions
const mock = await startMockUpstream(options)
announceAndServe(mock.port, () => mock.stop())
