import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import type { ComponentData } from '#shared/schemas/component';
import type { DuplicateCandidate } from '#shared/schemas/duplicates';
import { resetClients } from '#lib/clients';
import { resetConfig } from '#lib/config';
import { createComponents } from '#repositories/components';
import { catalogueSearch, resetCatalogueSearch } from '#services/search/catalogue-search';
import { askSearchHolder } from '#services/search/holder-client';
import { useTestStack } from '../../scripts/test/stack';
import { useTestApi } from '../../scripts/test/api-client';
import { signIn } from './support';

/*
 * The search function is the one holder of the index: the duplicate check, the unread values,
 * exports and a data batch's parts ask it through the Lambda Invoke API (served locally in this
 * process). These tests ask it at once from many callers, and take it away.
 */
useTestStack();
const api = useTestApi();

/** A port nothing listens on. */
const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

describe('the search function asked by the other routes', () => {
  it('answers many callers at once from a cold holder, each from the catalogue as it stood', async () => {
    const reference = `2002-${Date.now().toString(36).toUpperCase()}`;
    const [part] = await createComponents(
      [{ reference, manufacturer: 'WAGO', class: 'Terminal Block' }] as ComponentData[],
      { username: 'test' },
    );
    // A cold holder: every caller arrives before the index is loaded.
    resetCatalogueSearch();
    const { client } = await signIn(api, 'librarian');
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () =>
        client.get<DuplicateCandidate[]>(`/api/components/duplicates?${new URLSearchParams({ reference })}`),
      ),
      client.get('/api/admin/unread-values'),
      askSearchHolder({ kind: 'reference-match', reference: reference.replace('-', ' '), except: -1 }),
    ]);
    for (const answer of answers.slice(0, 8)) {
      expect(answer).toMatchObject({ status: 200 });
      expect((answer as { body: DuplicateCandidate[] }).body.map((candidate) => candidate.id)).toContain(part!.id);
    }
    expect(answers[8]).toMatchObject({ status: 200 });
    expect(answers[9]).toEqual({ id: part!.id });
    expect(catalogueSearch().lastLoad?.documents).toBeGreaterThan(0);
  });

  it('answers 503 when the search function fails or cannot be reached, in time', async () => {
    const { client } = await signIn(api, 'librarian');
    // A request the holder refuses: the invocation fails.
    await expect(askSearchHolder({ kind: 'class-members', componentClass: null, limit: 0 })).rejects.toMatchObject({
      message: messages.searchUnavailable,
    });
    const endpoint = process.env.AWS_ENDPOINT_URL_LAMBDA;
    process.env.AWS_ENDPOINT_URL_LAMBDA = `http://127.0.0.1:${await closedPort()}`;
    resetConfig();
    resetClients();
    try {
      const started = performance.now();
      for (const path of ['/api/components/duplicates?reference=PT2.5', '/api/admin/unread-values']) {
        const answer = await client.get<{ message?: string }>(path);
        expect(answer.status, path).toBe(503);
      }
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      process.env.AWS_ENDPOINT_URL_LAMBDA = endpoint;
      resetConfig();
      resetClients();
    }
  });
});
