// A port that is free right now, for the start-time benchmark, which polls a server's port from
// the moment it is launched (before any banner). Another process may take the port in between,
// which a benchmark run survives by failing loudly; tests never do this: they start servers on
// port 0 and read the port back (test/support/children.ts).
import net from 'node:net';

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
