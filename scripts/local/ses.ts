/**
 * An SES API on loopback: aws-ses-v2-local, run in this process. It keeps sent emails in memory,
 * shows them on its web page (the "inbox") and returns them as JSON from `GET /store`.
 */
import type { Server } from 'node:http';
import sesModule from 'aws-ses-v2-local';
import type { Email } from 'aws-ses-v2-local/dist/store.js';
import { LOOPBACK } from './ports.ts';

export type SentEmail = Email;

// A CommonJS module with `exports.default`: Node's ESM loader hands us the exports object.
const startSesServer = ((sesModule as unknown as { default?: typeof sesModule }).default ??
  sesModule) as typeof sesModule;

export interface LocalSesOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
}

export interface LocalSes {
  readonly endpoint: string;
  readonly port: number;
  /** The web page listing sent emails. */
  readonly inboxUrl: string;
  /** JSON `{ templates, emails }`; `?since=<epoch seconds>` filters. */
  readonly storeUrl: string;
  stop(): Promise<void>;
}

export const startSes = async (options: LocalSesOptions): Promise<LocalSes> => {
  const host = options.host ?? LOOPBACK;
  const server: Server = await startSesServer({ host, port: options.port });
  // Express hands a listen error to the callback, which the package ignores: check for ourselves.
  if (!server.listening)
    throw new Error(`The SES server could not listen on ${host}:${options.port} (is the port in use?)`);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const endpoint = `http://${host}:${port}`;
  return {
    endpoint,
    port,
    inboxUrl: `${endpoint}/`,
    storeUrl: `${endpoint}/store`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

/** The bare address in `"Name <a@b.c>"` or `"a@b.c"`, lower-cased. */
export const bareAddress = (address: string): string =>
  (/<([^>]+)>/.exec(address)?.[1] ?? address).trim().toLowerCase();

export interface EmailFilter {
  /** Only emails with this recipient (to, cc or bcc), compared without display names or case. */
  readonly to?: string;
  /** Only emails with this sender (the whole `Source` string as sent). */
  readonly from?: string;
  /** Only emails sent at or after this time (the server keeps whole seconds). */
  readonly since?: Date;
}

/** Emails the SES server has accepted, oldest first, read from its JSON store. */
export const fetchSentEmails = async (sesEndpoint: string, filter: EmailFilter = {}): Promise<SentEmail[]> => {
  const url = new URL('/store', sesEndpoint);
  if (filter.since) url.searchParams.set('since', String(Math.floor(filter.since.getTime() / 1000)));
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url.href} answered ${response.status}`);
  const { emails } = (await response.json()) as { emails: SentEmail[] };
  const to = filter.to && bareAddress(filter.to);
  return emails
    .filter((email) => filter.from === undefined || email.from === filter.from)
    .filter(
      (email) =>
        !to ||
        [...email.destination.to, ...email.destination.cc, ...email.destination.bcc].some(
          (address) => bareAddress(address) === to,
        ),
    );
};
