/**
 * The end of a bench child process (mock upstream, bare relay): it announces its port as one JSON
 * line, then stops when its stdin closes (the parent went away) or on SIGTERM/SIGINT.
 */
export function announceAndServe(port: number, stop: () => Promise<void>): void {
  process.stdout.write(`${JSON.stringify({ port })}\n`)
  let stopping = false
  const end = () => {
    if (stopping) return
    stopping = true
    stop().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  process.stdin.on('end', end)
  process.stdin.on('error', end)
  process.stdin.resume()
  process.on('SIGTERM', end)
  process.on('SIGINT', end)
}
