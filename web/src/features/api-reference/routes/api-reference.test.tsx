import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import description from '../../../../../shared/api-description.json' with { type: 'json' };
import { mockApi } from '#web/testing/mock-api.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { ApiReferenceRoute } from './api-reference';

const operationButton = (method: string, path: string) =>
  screen.findByRole('button', { name: new RegExp(`^${method} ${path.replace(/[{}/]/g, '\\$&')} `) });

describe('API reference', () => {
  it('lists the operations of the served description under their areas', async () => {
    mockApi({ 'GET /api/openapi.json': { body: description } });
    renderScreen(<ApiReferenceRoute />, '/component-hub/api');

    expect(await screen.findByRole('heading', { name: 'API Reference', level: 1 })).toBeInTheDocument();
    const components = screen.getByRole('region', { name: 'Components' });
    expect(within(components).getByRole('button', { name: 'GET /api/components/{id} Get a component' })).toBeVisible();
    // Every operation of the document is there, each once.
    const operations = Object.values(description.paths).flatMap((item) => Object.keys(item));
    expect(screen.getAllByRole('button', { name: /^(GET|POST|PUT|PATCH|DELETE) \/api\// })).toHaveLength(
      operations.length,
    );
    // Administrators' operations are marked as theirs.
    expect(await operationButton('GET', '/api/users')).toHaveTextContent('Administrators');
    expect(screen.getByRole('link', { name: '/api/openapi.json' })).toHaveAttribute('href', '/api/openapi.json');
  });

  it('opens an operation to its parameters, sign-in and answers', async () => {
    mockApi({ 'GET /api/openapi.json': { body: description } });
    renderScreen(<ApiReferenceRoute />, '/component-hub/api');

    await userEvent.click(await operationButton('GET', '/api/components/{id}/files/{field}'));
    const details = screen.getByRole('region', { name: /^GET \/api\/components\/\{id\}\/files\/\{field\} / });
    expect(within(details).getByText('field')).toBeInTheDocument();
    expect(within(details).getByText(/one of "dataSheet"/)).toBeInTheDocument();
    expect(
      within(details).getByText(
        /^A browser session; or an access token \(Authorization: Bearer\), scope read or wider\.$/,
      ),
    ).toBeInTheDocument();
    expect(within(details).getByText('302')).toBeInTheDocument();
    expect(within(details).getByText('To a short-lived download address of the file.')).toBeInTheDocument();
    expect(within(details).getByText('404')).toBeInTheDocument();

    await userEvent.click(await operationButton('POST', '/api/login'));
    const login = screen.getByRole('region', { name: /^POST \/api\/login / });
    expect(within(login).getByRole('heading', { name: 'Request body' })).toBeInTheDocument();
    expect(within(login).getByText('email')).toBeInTheDocument();
    expect(within(login).getByText('password')).toBeInTheDocument();
  });

  it('narrows the list to what the filter names', async () => {
    mockApi({ 'GET /api/openapi.json': { body: description } });
    renderScreen(<ApiReferenceRoute />, '/component-hub/api');

    await userEvent.type(await screen.findByRole('searchbox', { name: 'Filter operations' }), 'FILES/');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^(GET|POST|PUT|PATCH|DELETE) \/api\// })).toHaveLength(1),
    );
    expect(screen.getByRole('button', { name: /files\/\{field\}/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Filter operations' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter operations' }), 'no such thing');
    expect(await screen.findByText('No operation matches “no such thing”.')).toBeInTheDocument();
  });

  it('says so when the description cannot be read, and reads it again on request', async () => {
    let calls = 0;
    mockApi({
      'GET /api/openapi.json': () =>
        ++calls === 1 ? { status: 503, body: { message: 'Service unavailable' } } : { body: description },
    });
    renderScreen(<ApiReferenceRoute />, '/component-hub/api');

    expect(await screen.findByRole('alert')).toHaveTextContent('The API description could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'API Reference', level: 1 })).toBeInTheDocument();
  });
});
