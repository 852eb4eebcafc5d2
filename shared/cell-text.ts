/**
 * A spreadsheet cell's text as the file must hold it to read back exactly as written. The file
 * format reads `_xHHHH_` as an escaped character, so text holding such a sequence literally gets
 * its underscore escaped; characters XML cannot carry or does not keep (the control characters
 * other than tab and line feed; a carriage return would be read as a line feed) are written in
 * that escaped form.
 */
// eslint-disable-next-line no-control-regex
const unkept = /[\u0000-\u0008\u000b-\u001f\ufffe\uffff]/g;

export const cellText = (text: string): string =>
  text
    .replace(/_(x[0-9a-fA-F]{4}_)/g, '_x005F_$1')
    .replace(unkept, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
