/**
 * Preloaded (`node --import`) into the gateway under test: the bench holds the other end of the
 * gateway's stdin pipe, so when the bench dies, even by SIGKILL, stdin ends and the gateway shuts
 * down the way it does on SIGTERM instead of living on as an orphan. Plain JavaScript, so that
 * preloading it into the compiled gateway does not load Node's TypeScript stripper.
 */
const leave = () => process.kill(process.pid, 'SIGTERM')
process.stdin.on('end', leave)
process.stdin.on('error', leave)
process.stdin.resume()
