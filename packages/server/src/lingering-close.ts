import type { IncomingMessage, Server } from 'node:http'
import type { Socket } from 'node:net'

/** How long the rest of a refused upload may keep coming after its answer went out. */
const LINGER_MS = 2_000

/**
 * A request refused before its body was read (a bad key, a body over a limit) is answered with
 * `Connection: close`, and node then closes the socket at once. But the client may still be
 * uploading: the kernel answers its next bytes with a reset, and a reset that reaches the client
 * before it has read the answer destroys the answer. The official SDKs then reported a connection
 * error instead of the 401 (8 of 10 tries with a 5 MiB prompt, all with 20 MiB). So such a
 * connection closes the way web servers close it (a lingering close): the answer and a FIN go out,
 * nothing more is read (the client's bytes wait in the kernel's buffer until flow control stops
 * it, so the process takes in nothing), and the socket is destroyed LINGER_MS later, when the
 * client has long read its answer.
 */
export function lingerOnRefusedUploads(server: Server): void {
  server.on('connection', (socket: Socket) => {
    const destroySoon = socket.destroySoon.bind(socket)
    // node's HTTP server calls destroySoon() once the last answer of a connection is written.
    socket.destroySoon = () => {
      const req = readingRequest(socket)
      if (!req || req.complete) destroySoon()
      else linger(socket)
    }
  })
}

/**
 * The request whose body node's parser is still reading on this socket: node keeps it as the
 * parser's `incoming` until the body was read to its end, and clears it then. Taken from there
 * rather than remembered per request: a map from socket to its last request kept each request, and
 * through its listeners the whole exchange, alive until the connection's next request, so every
 * exchange outlived a young-generation collection (about a quarter more CPU per request on streams
 * at 64 connections).
 */
function readingRequest(socket: Socket): IncomingMessage | null {
  return (socket as Socket & { parser?: { incoming?: IncomingMessage | null } | null }).parser?.incoming ?? null
}

function linger(socket: Socket): void {
  if (socket.destroyed) return
  const timer = setTimeout(() => socket.destroy(), LINGER_MS)
  timer.unref()
  socket.once('close', () => clearTimeout(timer))
  if (socket.writable) socket.end()
  // node's HTTP server resumes reading to drop a body nobody read (so that the connection can be
  // reused) unless the connection is marked paused; this one is not reused, and is not read.
  ;(socket as Socket & { _paused?: boolean })._paused = true
  socket.pause()
}
