import net from 'node:net'

/** A port free on loopback now, for a server a test starts later (a lake to restart, an SMTP listener to come up). */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}
