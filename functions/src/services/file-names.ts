/*
 * File names from users: what is stored and shown, what goes into an S3 key, and how a download
 * names the file. A name comes from the browser and ends up in HTTP headers and on disks, so it
 * loses anything that could split a header, climb a path or disguise its extension.
 */

/** Longest stored name (the extension kept whole). */
export const FILE_NAME_MAX_LENGTH = 150;

// Control characters (CR/LF included), quotes, path separators, characters Windows refuses in
// names, and the invisible bidirectional controls that can make 'evil‮fdp.exe' read as
// 'evilexe.pdf'.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE = /[\u0000-\u001f\u007f-\u009f"'`/\\<>:|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A safe display name: the last path segment, without control, quote or bidi characters, any
 * whitespace (tabs, line breaks) made one space, no leading dots, at most FILE_NAME_MAX_LENGTH
 * characters with the extension kept; 'file' (plus the extension) when nothing is left.
 */
export const sanitiseFileName = (raw: string): string => {
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment.normalize('NFC').replace(/\s+/g, ' ').replace(UNSAFE, '').replace(/ {2,}/g, ' ').trim();
  const extension = /\.[^. ]{1,9}$/.exec(cleaned)?.[0] ?? '';
  // No leading dots: no hidden files, no '..'.
  const stem = Array.from(cleaned.slice(0, cleaned.length - extension.length).replace(/^[. ]+/, ''))
    .slice(0, FILE_NAME_MAX_LENGTH - extension.length)
    .join('')
    .trim();
  return `${stem || 'file'}${extension}`;
};

/** A name as one S3 key segment: ASCII letters, digits, '.', '-' and '_' only. */
export const objectKeySegment = (fileName: string, fallback = 'file'): string =>
  fileName
    .replace(/[^\w.-]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120) || fallback;

/** RFC 8187 encoding for `filename*`: percent-encodes everything outside attr-char. */
const encodeRfc8187 = (text: string): string =>
  encodeURIComponent(text).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A Content-Disposition value naming the file: an ASCII fallback in `filename` and the real
 * name in `filename*` (RFC 6266), so no browser sees a raw quote or line break in the header.
 */
export const contentDisposition = (kind: 'attachment' | 'inline', fileName: string): string => {
  const ascii = fileName.replace(/[^\w.\- ]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeRfc8187(fileName)}`;
};
