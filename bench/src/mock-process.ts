import { startMockUpstream, type MockUpstreamOptions } from './mock-upstream.ts'

/**
 * The mock upstream in its own process, so that the load generator does not steal its event loop:
 * `node mock-process.ts '<options JSON>'` prints `{"port":N}` once listening and exits when its
 * stdin closes (the parent went away) or on SIGTERM.
 */
const options = JSON.parse(process.argv[2] ?? '{}') as MockUpstreamOptions
const mock = await startMockUpstream(options)
process.stdout.write(`${JSON.stringify({ port: mock.port })}\n`)

let stopping = false
const stop = () => {
  if (stopping) return
  stopping = true
  mock.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.stdin.on('end', stop)
process.stdin.on('error', stop)
process.stdin.resume()
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
