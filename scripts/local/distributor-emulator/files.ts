/**
 * The files the emulated distributors serve: product photos drawn as PNGs (one look per
 * distributor), datasheets as one-page PDFs (byte-identical at both distributors, as a maker's
 * PDF would be), and the odd answers real file hosts give: a GIF, a login page under an image
 * name, a file over 10 MB, a redirect, a 404, and a bot-protection 403 page.
 */
import type { ServerResponse } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import { demoDatasheetPdf } from '../../seed/seed-catalogue.ts';
import type { EmulatedProvider } from './products.ts';
import { send } from './http.ts';

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A truecolour PNG drawn by `pixel`. */
export const pngImage = (
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number],
): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, no interlace
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

export const hashOf = (text: string): number => {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619);
  return hash >>> 0;
};

const frames: Record<EmulatedProvider, readonly [number, number, number]> = {
  digikey: [204, 0, 0],
  mouser: [0, 87, 168],
};

/** A product photo: a device body with terminals, coloured by part number, framed in the distributor's colour. */
export const productPhoto = (provider: EmulatedProvider, partNumber: string): Buffer => {
  const hash = hashOf(partNumber);
  const body = [60 + (hash & 0x7f), 60 + ((hash >>> 8) & 0x7f), 60 + ((hash >>> 16) & 0x7f)] as const;
  const terminals = 2 + ((hash >>> 24) % 5);
  const size = 96;
  return pngImage(size, size, (x, y) => {
    if (x < 3 || y < 3 || x >= size - 3 || y >= size - 3) return frames[provider];
    const inBody = x >= 20 && x < 76 && y >= 28 && y < 72;
    if (inBody) return body;
    const terminal = (y >= 18 && y < 28) || (y >= 72 && y < 82);
    const slot = Math.floor(((x - 20) * terminals) / 56);
    if (terminal && x >= 20 && x < 76 && x - 20 - Math.floor((slot * 56) / terminals) < 6) return [190, 190, 190];
    return [248, 248, 248];
  });
};

/** The smallest GIF: one white pixel. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const LOGIN_PAGE = '<!doctype html><html><head><title>Not a file</title></head><body>Access denied</body></html>';
/** More than the 10 MB an attachment may have. */
export const OVERSIZED_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/**
 * A bot-protection refusal as a distributor's web host gives it: 403, an HTML page, the
 * DataDome headers recorded in 30350n/inventree-part-import#62.
 */
export const sendBlockedPage = (response: ServerResponse) =>
  send(
    response,
    403,
    '<html><head><title>mouser.com</title></head><body><p>Please enable JS and disable any ad blocker</p></body></html>',
    'text/html;charset=utf-8',
    { 'x-datadome': 'protected', charset: 'utf-8', 'cache-control': 'max-age=0, private, no-cache, no-store' },
  );

export const datasheetPdf = (partNumber: string, manufacturer: string, description: string) =>
  demoDatasheetPdf({ reference: partNumber, manufacturer, description: `Datasheet of ${partNumber}: ${description}` });

/** How a product added through the control API serves a file. */
export type FileVariant = 'png' | 'gif' | 'pdf' | 'html' | 'oversized' | 'redirect' | 'missing';

/** Serves one variant; `redirectTo` is where a `redirect` points. */
export const serveVariant = (
  response: ServerResponse,
  variant: string,
  kind: string,
  manufacturer: string,
  partNumber: string,
  redirectTo: string,
) => {
  switch (variant) {
    case 'png':
      return send(response, 200, productPhoto('digikey', `${manufacturer} ${partNumber}`), 'image/png');
    case 'gif':
      return send(response, 200, GIF, 'image/gif');
    case 'pdf':
      return send(response, 200, datasheetPdf(partNumber, manufacturer, 'registered product'), 'application/pdf');
    case 'html':
      // A login page served under an image or PDF name: the type must come from the bytes.
      return send(response, 200, LOGIN_PAGE, kind === 'image' ? 'image/png' : 'application/pdf');
    case 'oversized': {
      response.writeHead(200, { 'content-type': kind === 'image' ? 'image/png' : 'application/pdf' });
      const head = kind === 'image' ? productPhoto('digikey', partNumber) : Buffer.from('%PDF-1.4\n');
      const filler = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        if (sent === 0) {
          sent += head.length;
          response.write(head);
        }
        while (sent < OVERSIZED_BYTES) {
          sent += filler.length;
          if (!response.write(filler)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('close', () => response.removeAllListeners('drain'));
      return pump();
    }
    case 'redirect':
      response.writeHead(302, { location: redirectTo });
      return response.end();
    default:
      return send(response, 404, 'Not Found', 'text/plain');
  }
};
