/**
 * A TCP proxy on a free loopback port in front of one local service, for fault tests: `up`
 * forwards, `down` drops every connection at once (as a stopped service would), `hang` accepts
 * and never answers (as a stuck one would). Switching mode ends the connections already open,
 * so a client's kept-alive socket cannot slip past the fault.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export type FaultMode = 'up' | 'down' | 'hang';

export interface FaultProxy {
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  set(mode: FaultMode): void;
  close(): Promise<void>;
}

export const startFaultProxy = async (target: string): Promise<FaultProxy> => {
  const { hostname, port } = new URL(target);
  let mode: FaultMode = 'up';
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (mode === 'down') return void client.destroy();
    if (mode === 'hang') return;
    const upstream = connect(Number(port), hostname);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set: (next) => {
      mode = next;
      endAll();
    },
    close: () =>
      new Promise<void>((resolve) => {
        endAll();
        server.close(() => resolve());
      }),
  };
};
