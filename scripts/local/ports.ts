import { createServer } from 'node:net';
import { SettingError } from './env.ts';

/** Every local service listens on loopback only. */
export const LOOPBACK = '127.0.0.1';

export interface NamedPort {
  /** What wants the port, e.g. "the app server (PORT)". */
  readonly name: string;
  readonly port: number;
}

export class PortInUseError extends Error {
  constructor(readonly busy: readonly NamedPort[]) {
    super(
      busy
        .map(({ name, port }) => `Port ${port} on ${LOOPBACK}, wanted by ${name}, is already in use.`)
        .concat('Stop whatever holds it, or choose another port with the setting named above.')
        .join('\n'),
    );
    this.name = 'PortInUseError';
  }
}

const isFree = (port: number, host: string): Promise<boolean> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(false);
      else reject(error);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });

/** Fails at once, naming every busy port, instead of letting a service hang or die later. */
export const assertPortsFree = async (ports: readonly NamedPort[], host = LOOPBACK): Promise<void> => {
  const seen = new Map<number, string>();
  for (const { name, port } of ports) {
    const other = seen.get(port);
    if (other) throw new SettingError(`${name} and ${other} are both set to port ${port}; give each its own port.`);
    seen.set(port, name);
  }
  const free = await Promise.all(ports.map(({ port }) => isFree(port, host)));
  const busy = ports.filter((_, index) => !free[index]);
  if (busy.length > 0) throw new PortInUseError(busy);
};

/** A port the operating system says is free right now (for tests, which must not collide). */
export const findFreePort = (host = LOOPBACK): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host }, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('No free port found'))));
    });
  });

/** Reads a port setting from the environment, with a clear error for a bad value. */
export const portSetting = (name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number => {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new SettingError(`${name} must be a port number between 1 and 65535, not "${raw}".`);
  }
  return port;
};
