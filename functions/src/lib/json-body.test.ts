import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages';
import { Invalid, TooLarge, UnsupportedMediaType } from './errors';
import { FORBIDDEN_JSON_KEY, MALFORMED_JSON, NOT_JSON, parseBody } from './json-body';

const json = { 'content-type': 'application/json; charset=utf-8' };
const parse = (body: string | undefined, headers: Record<string, string> = json, base64 = false) =>
  parseBody({ body, headers, isBase64Encoded: base64 }, { maxBytes: 1024 * 1024 });

describe('parseBody', () => {
  it('reads a JSON body, plain or base64, and an absent or empty one as {}', () => {
    expect(parse('{"a":[1,"x"]}')).toEqual({ a: [1, 'x'] });
    expect(parse(Buffer.from('{"name":"Ö"}').toString('base64'), json, true)).toEqual({ name: 'Ö' });
    expect(parse('{}', { 'content-type': 'application/merge-patch+json' })).toEqual({});
    expect(parse(undefined, {})).toEqual({});
    expect(parse('', {})).toEqual({});
  });

  it('refuses a body that does not say it is JSON (415), and malformed JSON (400)', () => {
    expect(() => parse('{}', { 'content-type': 'text/plain' })).toThrow(new UnsupportedMediaType(NOT_JSON));
    expect(() => parse('{}', {})).toThrow(UnsupportedMediaType);
    expect(() => parse('{"a":')).toThrow(new Invalid(MALFORMED_JSON));
  });

  it('refuses keys that would reach a prototype', () => {
    expect(() => parse('{"__proto__":{"admin":true}}')).toThrow(new Invalid(FORBIDDEN_JSON_KEY));
    expect(() => parse('{"constructor":{"prototype":{}}}')).toThrow(new Invalid(FORBIDDEN_JSON_KEY));
    expect(parse('{"constructor":"x"}')).toEqual({ constructor: 'x' });
  });

  it('refuses a body over the limit before reading it, and reads a form as its fields', () => {
    const big = `"${'x'.repeat(2 * 1024 * 1024)}"`;
    expect(() => parse(big)).toThrow(new TooLarge(messages.requestTooLarge(1)));
    expect(parseBody({ body: 'logout_token=abc&x=1', headers: {} }, { maxBytes: 100, form: true })).toEqual({
      logout_token: 'abc',
      x: '1',
    });
  });
});
