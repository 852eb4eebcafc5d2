/**
 * The load benchmark's client (not a benchmark itself: the runner only runs `*.bench.ts`). It
 * runs in its own process, so its work never counts against the server's CPU or memory:
 * autocannon fires the mixed load at the URL it is given and prints autocannon's result as one
 * JSON line on stdout. Its settings come as JSON in LOAD_CLIENT_CONFIG.
 */
import autocannon from 'autocannon';

export interface LoadClientConfig {
  url: string;
  cookie: string;
  csrfToken: string;
  connections: number;
  durationSeconds: number;
  /** Query strings for GET /api/components, as the search benchmark draws them. */
  searches: string[];
  componentIds: number[];
  /** Shares of the load; what is left after searches and reads is writes, half comments, half edits. */
  searchShare: number;
  readShare: number;
}

const config = JSON.parse(process.env.LOAD_CLIENT_CONFIG ?? '{}') as LoadClientConfig;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
let writes = 0;

const result = await autocannon({
  url: config.url,
  connections: config.connections,
  duration: config.durationSeconds,
  headers: { cookie: config.cookie },
  requests: [
    {
      setupRequest: (request) => {
        const roll = Math.random();
        if (roll < config.searchShare)
          return { ...request, method: 'GET', path: `/api/components?${pick(config.searches)}` };
        const id = pick(config.componentIds);
        if (roll < config.searchShare + config.readShare)
          return { ...request, method: 'GET', path: `/api/components/${id}` };
        const headers = { ...request.headers, 'content-type': 'application/json', 'x-csrf-token': config.csrfToken };
        const n = ++writes;
        if (n % 2 === 0) {
          return {
            ...request,
            method: 'POST',
            path: `/api/components/${id}/comments`,
            headers,
            body: JSON.stringify({ comment: `Load comment ${n}` }),
          };
        }
        return {
          ...request,
          method: 'PATCH',
          path: `/api/components/${id}`,
          headers,
          body: JSON.stringify({ description: `Load edit ${n}` }),
        };
      },
    },
  ],
});

process.stdout.write(`${JSON.stringify(result)}\n`);
