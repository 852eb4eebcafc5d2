/**
 * Builds the API description from the handlers themselves and writes it where the serving
 * function and the app's tests read it. Run after changing a route, a handler's schemas or
 * operations.ts:
 *
 *   npm run openapi
 *
 * The description is built ahead because building it means loading every handler (and with
 * them the AWS clients and services): the function that serves it only ships the result.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { routes } from '#shared/routes';
import { SESSION_COOKIE } from '#lib/cookies';
import { CSRF_HEADER, declaredInputOf, type LambdaHandler } from '#lib/http';
import { describeApi, type RouteInput } from './describe-api.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built description, in the repository: `GET /api/openapi.json` answers with it. */
export const API_DESCRIPTION_FILE = path.join(root, 'shared/api-description.json');

/** Every route's declared input, read from its handler module. */
export const loadRouteInputs = async (): Promise<Map<string, RouteInput | undefined>> => {
  const inputs = new Map<string, RouteInput | undefined>();
  for (const route of routes) {
    const file = path.join(root, 'functions/src/handlers', `${route.handler}.ts`);
    const module = (await import(pathToFileURL(file).href)) as { handler: LambdaHandler };
    inputs.set(route.handler, declaredInputOf(module.handler));
  }
  return inputs;
};

export const buildApiDescription = async () => {
  const inputs = await loadRouteInputs();
  const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return describeApi({
    routes,
    inputOf: (route) => inputs.get(route.handler),
    version,
    sessionCookie: SESSION_COOKIE,
    csrfHeader: CSRF_HEADER,
  });
};

/** The file's text: two-space JSON, so a change reads as a diff. */
export const serialise = (description: unknown): string => `${JSON.stringify(description, null, 2)}\n`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const description = await buildApiDescription();
  await writeFile(API_DESCRIPTION_FILE, serialise(description));
  console.log(`wrote ${path.relative(process.cwd(), API_DESCRIPTION_FILE)}`);
}
