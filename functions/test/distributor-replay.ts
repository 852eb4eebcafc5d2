/**
 * Replays distributor answers over HTTP for tests: fixtures (recorded or documented answers, see
 * fixtures/distributors/README.md) served in order per route by a loopback server.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Fixture {
  source: string;
  status: number;
  headers: Record<string, string>;
  body?: unknown;
  bodyText?: string;
}
export const fixture = (name: string): Fixture =>
  JSON.parse(readFileSync(new URL(`./fixtures/distributors/${name}.json`, import.meta.url), 'utf8')) as Fixture;

export interface Replayed {
  method: string;
  path: string;
  body: string;
}

/**
 * A loopback server that answers each route with its queued fixtures, one per request, and
 * refuses anything unexpected (a 599, so a test sees it). Files named in the recorded answers
 * are served from their paths here: `https://www.mouser.com/images/x.jpg` is asked for as
 * `<replay>/www.mouser.com/images/x.jpg` (see `replayAddress`).
 */
export const startReplay = async () => {
  const queues = new Map<string, (Fixture | ((request: Replayed) => Fixture))[]>();
  const requests: Replayed[] = [];
  const files = new Map<string, Fixture>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://replay');
      const replayed = { method: request.method ?? 'GET', path: url.pathname, body: Buffer.concat(chunks).toString() };
      requests.push(replayed);
      if (replayed.method === 'POST' && url.pathname === '/v1/oauth2/token') {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ access_token: 'replayed-token', expires_in: 599, token_type: 'Bearer' }));
      }
      const file = files.get(url.pathname);
      if (file) {
        response.writeHead(file.status, file.headers);
        return response.end(file.bodyText !== undefined ? file.bodyText : (file.body as Buffer));
      }
      const next = queues.get(`${replayed.method} ${url.pathname}`)?.shift();
      const answer = typeof next === 'function' ? next(replayed) : next;
      if (!answer) {
        response.writeHead(599, { 'content-type': 'text/plain' });
        return response.end(`unexpected ${replayed.method} ${url.pathname}`);
      }
      response.writeHead(answer.status, answer.headers);
      response.end(answer.bodyText ?? JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    queue: (route: string, ...answers: (Fixture | ((request: Replayed) => Fixture))[]) => {
      queues.set(route, [...(queues.get(route) ?? []), ...answers]);
    },
    serveFile: (address: string, answer: Fixture) => files.set(new URL(replayAddress(url, address)).pathname, answer),
    callsTo: (path: string) => requests.filter((request) => request.path === path).length,
    reset: () => {
      queues.clear();
      requests.length = 0;
      files.clear();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
/** A recorded file address as the replay serves it (host kept in the path). */
export const replayAddress = (replay: string, address: string) => {
  const url = new URL(address.startsWith('//') ? `https:${address}` : address);
  return `${replay}/${url.host}${url.pathname}${url.search}`;
};
