import type { IncomingMessage, Server } from 'node:http'
import type { Socket } from 'node:net'

/** How long the rest of a refused upload may keep coming after its answer went out. */
const LINGER_MS = 2_000

/** The request each connection is serving, to tell a refused upload from a finished one. */
const serving = new WeakMap<Socket, IncomingMessage>()

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
export function lingerOnRefusedUploads(server: Server): (req: IncomingMessage) => void {
  server.on('connection', (socket: Socket) => {
    const destroySoon = socket.destroySoon.bind(socket)
    // node's HTTP server calls destroySoon() once the last answer of a connection is written.
    socket.destroySoon = () => {
      const req = serving.get(socket)
      if (!req || req.complete) destroySoon()
      else linger(socket)
    }
  })
  // Called by the server's one request handler: a second 'request' listener would make node copy
  // its listener list on every request.
  return (req) => void serving.set(req.socket, req)
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
