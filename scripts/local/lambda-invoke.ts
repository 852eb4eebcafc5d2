/**
 * A local stand-in for the Lambda Invoke API, for the one invocation the app makes: a route
 * asking the search function (the holder of the index) what needs the index. It listens on
 * loopback and answers `POST /2015-03-31/functions/{name}/invocations` by calling the search
 * route's module's `handler` in this process with the payload, as Lambda would, so the code that
 * asks is the code that runs on AWS (it reads SEARCH_FUNCTION_NAME and AWS_ENDPOINT_URL_LAMBDA).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOOPBACK } from './ports.ts';

/** The search function's name here (on AWS the API stack names it). */
export const LOCAL_SEARCH_FUNCTION_NAME = 'local-search';
const SEARCH_HANDLER = '../../functions/src/handlers/components/list-components.ts';

export interface LocalLambdaInvoke {
  endpoint: string;
  searchFunctionName: string;
  stop(): Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const startLocalLambdaInvoke = async (options: { port?: number } = {}): Promise<LocalLambdaInvoke> => {
  const path = `/2015-03-31/functions/${LOCAL_SEARCH_FUNCTION_NAME}/invocations`;
  const server = createServer((request, response) => {
    void (async () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url?.split('?')[0] !== path)
        return send(
          404,
          { Type: 'User', message: `Function not found: ${request.url}` },
          {
            'x-amzn-ErrorType': 'ResourceNotFoundException',
          },
        );
      try {
        const event: unknown = JSON.parse((await readBody(request)) || '{}');
        const { handler } = (await import(SEARCH_HANDLER)) as { handler: (event: unknown) => Promise<unknown> };
        send(200, await handler(event));
      } catch (error) {
        // As Lambda reports a function that threw: 200, with the error named in a header.
        const { name, message } = error instanceof Error ? error : new Error(String(error));
        send(200, { errorType: name, errorMessage: message }, { 'X-Amz-Function-Error': 'Unhandled' });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen({ port: options.port ?? 0, host: LOOPBACK }, () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${LOOPBACK}:${port}`,
    searchFunctionName: LOCAL_SEARCH_FUNCTION_NAME,
    stop: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
};
