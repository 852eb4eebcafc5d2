/**
 * A TCP proxy on a free loopback port in front of one local service, for fault tests: `up`
 * forwards, `down` drops every connection at once (as a stopped service would), `hang` accepts
 * and never answers (as a stuck one would). Switching mode ends the connections already open,
 * so a client's kept-alive socket cannot slip past the fault.
 *
 * `pause` is the service suspended (SIGSTOP) rather than gone: from the request that carries the
 * trigger text on (DynamoDB's `DynamoDB_20120810.TransactWriteItems` target, say), nothing more
 * reaches it and nothing comes back, but what clients send is kept, as a suspended process's
 * sockets keep it. `resume` delivers it all, also what clients sent before they gave up waiting,
 * so a write the caller saw time out lands afterwards: the ambiguous outcome a real timeout has.
 *
 * `stalled` tells when a caller is stuck on a hanging service: a test holds the outage until
 * then, instead of for a guessed time.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export type FaultMode = 'up' | 'down' | 'hang';

export interface FaultProxy {
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  set(mode: FaultMode): void;
  /**
   * Suspends the service once a request containing `trigger` (case ignored) arrives, or at once
   * without one; resolves when the suspension has begun (a request is held).
   */
  pause(trigger?: string): Promise<void>;
  /**
   * Resolves once a request containing `trigger` (case ignored; any request without one) has
   * reached the service while it hangs: its caller now waits for an answer that will not come.
   */
  stalled(trigger?: string): Promise<void>;
  /** Continues the service: delivers every held request and resolves once each was answered. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

interface Connection {
  client: Socket;
  upstream: Socket;
  held: Buffer[];
  clientGone: boolean;
}

export const startFaultProxy = async (target: string): Promise<FaultProxy> => {
  const { hostname, port } = new URL(target);
  let mode: FaultMode = 'up';
  let paused = false;
  let trigger: { text: string; started: () => void } | undefined;
  const stallWaiters = new Set<{ text: string; stalled: () => void }>();
  const open = new Set<Socket>();
  const connections = new Set<Connection>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (mode === 'down') return void client.destroy();
    if (mode === 'hang') {
      client.on('data', (chunk: Buffer) => {
        const text = chunk.toString('latin1').toLowerCase();
        for (const waiter of stallWaiters)
          if (text.includes(waiter.text)) {
            stallWaiters.delete(waiter);
            waiter.stalled();
          }
      });
      return;
    }
    const upstream = connect(Number(port), hostname);
    track(upstream);
    const connection: Connection = { client, upstream, held: [], clientGone: false };
    connections.add(connection);
    client.on('data', (chunk: Buffer) => {
      if (!paused && trigger && chunk.toString('latin1').toLowerCase().includes(trigger.text)) {
        paused = true;
        trigger.started();
        trigger = undefined;
      }
      if (paused) connection.held.push(chunk);
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!connection.clientGone) client.write(chunk);
    });
    client.on('close', () => {
      connection.clientGone = true;
      // A suspended service still has what this client sent: it goes through on resume.
      if (connection.held.length === 0) upstream.destroy();
    });
    upstream.on('close', () => {
      connections.delete(connection);
      client.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endAll = () => {
    for (const socket of open) socket.destroy();
  };

  const deliver = (connection: Connection): Promise<void> =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, 10_000);
      connection.upstream.once('data', () => {
        // The answer to a client that left is read and dropped; then the connection can go.
        if (connection.clientGone) setTimeout(() => connection.upstream.destroy(), 500);
        done();
      });
      connection.upstream.once('close', done);
      for (const chunk of connection.held.splice(0)) connection.upstream.write(chunk);
    });

  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set: (next) => {
      mode = next;
      endAll();
    },
    pause: (text) =>
      new Promise<void>((resolve) => {
        if (text === undefined) {
          paused = true;
          resolve();
        } else {
          trigger = { text: text.toLowerCase(), started: resolve };
        }
      }),
    stalled: (text = '') =>
      new Promise<void>((resolve) => {
        stallWaiters.add({ text: text.toLowerCase(), stalled: resolve });
      }),
    resume: async () => {
      paused = false;
      trigger = undefined;
      await Promise.all([...connections].filter((c) => c.held.length > 0).map(deliver));
    },
    close: () =>
      new Promise<void>((resolve) => {
        endAll();
        server.close(() => resolve());
      }),
  };
};
