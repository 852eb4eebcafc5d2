/** Answer helpers shared by the emulated APIs. */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultKind } from './tenants.ts';

export const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (data: Buffer) => {
      size += data.length;
      if (size > 1024 * 1024) request.destroy(new Error('body too large'));
      else chunks.push(data);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export const send = (
  response: ServerResponse,
  status: number,
  body: string | Buffer,
  contentType: string,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, {
    'content-type': contentType,
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  });
  response.end(body);
};

export const sendJson = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => send(response, status, JSON.stringify(body), 'application/json; charset=utf-8', headers);

/**
 * The faults that look alike at both distributors, answered; false for any other. `malformed` is
 * an answer cut off mid-JSON (`cutOff`, the start of that API's own answer), `wrong-shape` a
 * JSON answer of another shape, and a `hang` never answers.
 */
export const answerSharedFault = (kind: FaultKind, response: ServerResponse, cutOff: string): boolean => {
  switch (kind) {
    case 'malformed':
      send(response, 200, cutOff, 'application/json; charset=utf-8');
      return true;
    case 'wrong-shape':
      sendJson(response, 200, { message: 'Service moved', results: null });
      return true;
    case 'hang':
      return true;
    default:
      return false;
  }
};

export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

export const correlationId = () => randomBytes(8).toString('hex');

/** The distributors' way of comparing part numbers in a search: case and separators ignored. */
export const searchForm = (text: string): string => text.toUpperCase().replace(/[\s\-_./,]+/g, '');
