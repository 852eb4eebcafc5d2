import { describe, expect, it } from 'vitest';
import { siteRouterCode } from './constructs/site-router.ts';

type Request = { uri: string; querystring?: Record<string, unknown> };
type Redirect = { statusCode: number; headers: Record<string, { value: string }> };

// The function's source runs as CloudFront would run it: a global `handler(event)`.
const handler = new Function(`${siteRouterCode}; return handler;`)() as (event: {
  request: Request;
}) => Request | Redirect;

const run = (uri: string) => handler({ request: { uri, querystring: {} } });

describe('site router (CloudFront Function)', () => {
  it.each(['/', '/app'])('redirects %s to /app/', (uri) => {
    const result = run(uri) as Redirect;
    expect(result.statusCode).toBe(302);
    expect(result.headers.location).toEqual({ value: '/app/' });
  });

  it.each(['/app/', '/app/components', '/app/components/12', '/app/auth', '/app/requests/01HZX/edit'])(
    'serves index.html for the client-side route %s',
    (uri) => {
      expect(run(uri)).toMatchObject({ uri: '/app/index.html' });
    },
  );

  it.each(['/app/index.html', '/app/assets/main-3F2A.js', '/app/assets/app.css', '/app/favicon.ico'])(
    'passes the file %s through',
    (uri) => {
      expect(run(uri)).toMatchObject({ uri });
    },
  );

  it('leaves paths outside /app alone', () => {
    expect(run('/robots.txt')).toMatchObject({ uri: '/robots.txt' });
    expect(run('/application')).toMatchObject({ uri: '/application' });
  });
});
