import { describe, expect, it } from 'vitest';
import { contentDisposition, FILE_NAME_MAX_LENGTH, objectKeySegment, sanitiseFileName } from './file-names';

describe('sanitiseFileName', () => {
  it('keeps ordinary names as they are, unicode included', () => {
    expect(sanitiseFileName('3RT2015-1BB41 datasheet.pdf')).toBe('3RT2015-1BB41 datasheet.pdf');
    expect(sanitiseFileName('Schütz Übersicht (rev 2).PNG')).toBe('Schütz Übersicht (rev 2).PNG');
  });

  it('drops the path, so a name can never climb out of its folder', () => {
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('C:\\Users\\me\\Desktop\\relay.jpg')).toBe('relay.jpg');
    expect(sanitiseFileName('..')).toBe('file');
    expect(sanitiseFileName('.htaccess')).toBe('file.htaccess');
  });

  it('removes quotes, CR/LF, control and bidi characters that could split a header or disguise the extension', () => {
    expect(sanitiseFileName('a"b\'c`.pdf')).toBe('abc.pdf');
    expect(sanitiseFileName('report\r\nSet-Cookie: x=1.pdf')).toBe('report Set-Cookie x=1.pdf');
    expect(sanitiseFileName('nul\u0000byte\u007f.gif')).toBe('nulbyte.gif');
    expect(sanitiseFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitiseFileName('a<b>c|d?e*f:g.png')).toBe('abcdefg.png');
  });

  it('collapses whitespace and falls back to "file" with the extension kept', () => {
    expect(sanitiseFileName('  many    spaces\there .pdf ')).toBe('many spaces here.pdf');
    expect(sanitiseFileName('"".pdf')).toBe('file.pdf');
    expect(sanitiseFileName('\u0000\u0001')).toBe('file');
  });

  it('shortens long names but keeps the extension', () => {
    const name = sanitiseFileName(`${'x'.repeat(400)}.pdf`);
    expect(name).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(name.endsWith('x.pdf')).toBe(true);
    // Emoji are not cut in half.
    expect([...sanitiseFileName(`${'🔥'.repeat(300)}.png`)].length).toBe(FILE_NAME_MAX_LENGTH);
  });
});

describe('objectKeySegment', () => {
  it('keeps only characters that need no escaping in an S3 key', () => {
    expect(objectKeySegment('Schütz Übersicht (rev 2).png')).toBe('Sch_tz_bersicht_rev_2_.png');
    expect(objectKeySegment('..hidden')).toBe('_hidden');
    expect(objectKeySegment('')).toBe('file');
    expect(objectKeySegment('', 'dataSheet')).toBe('dataSheet');
  });
});

describe('contentDisposition', () => {
  it('names the file in ASCII and, exactly, in RFC 8187 form', () => {
    expect(contentDisposition('attachment', 'relay.pdf')).toBe(
      `attachment; filename="relay.pdf"; filename*=UTF-8''relay.pdf`,
    );
    expect(contentDisposition('inline', "Schütz (1)'s.pdf")).toBe(
      `inline; filename="Sch_tz _1__s.pdf"; filename*=UTF-8''Sch%C3%BCtz%20%281%29%27s.pdf`,
    );
  });

  it('never lets a quote or a line break into the header', () => {
    const value = contentDisposition('attachment', 'a"b\r\nc.pdf');
    expect(value).not.toMatch(/[\r\n]/);
    expect(value.match(/"/g)).toHaveLength(2);
  });
});
