import { messages } from '#shared/messages';
import { Invalid, TooLarge, UnsupportedMediaType } from './errors';

/** The largest JSON body a route takes unless it says otherwise: every field's limit fits well inside. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/** `application/json`, or a JSON-based type such as `application/merge-patch+json`, with or without parameters. */
const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]+\+)?json(;|$)/i;

export const NOT_JSON = 'Unsupported Media Type';
export const MALFORMED_JSON = 'Invalid or malformed JSON was provided';
export const FORBIDDEN_JSON_KEY = 'Forbidden key in JSON body';

class ForbiddenKey extends Error {}

/** Keys that would reach an object's prototype when the parsed body is later spread or merged. */
const refusePrototypeKeys = (key: string, value: unknown): unknown => {
  if (key === '__proto__' || (key === 'constructor' && value && Object.hasOwn(value, 'prototype'))) {
    throw new ForbiddenKey(key);
  }
  return value;
};

export interface BodyEvent {
  body?: string;
  isBase64Encoded?: boolean;
  headers: Record<string, string | undefined>;
}

/**
 * A request's body as the handler reads it. An absent or empty body is `{}`, so field rules give
 * their own messages. A body over `maxBytes` is refused before it is read (413), so no one can make
 * a function parse megabytes that no schema would keep. A form body (`form`) is read as its fields;
 * anything else must say it is JSON (415) and be JSON (400).
 */
export const parseBody = (event: BodyEvent, options: { maxBytes: number; form?: boolean }): unknown => {
  const { body, isBase64Encoded } = event;
  if (body === undefined || body === '') return {};
  if (Buffer.byteLength(body, isBase64Encoded ? 'base64' : 'utf8') > options.maxBytes) {
    throw new TooLarge(messages.requestTooLarge(Math.floor(options.maxBytes / (1024 * 1024))));
  }
  const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  if (options.form) return Object.fromEntries(new URLSearchParams(text));
  if (!JSON_CONTENT_TYPE.test(event.headers['content-type'] ?? event.headers['Content-Type'] ?? '')) {
    throw new UnsupportedMediaType(NOT_JSON);
  }
  try {
    return JSON.parse(text, refusePrototypeKeys);
  } catch (error) {
    throw new Invalid(error instanceof ForbiddenKey ? FORBIDDEN_JSON_KEY : MALFORMED_JSON);
  }
};
