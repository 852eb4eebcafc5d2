import { describe, expect, it } from 'vitest';
import { fileMatchesType, sniffFileType } from './file-types';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((value) => (typeof value === 'string' ? [...Buffer.from(value, 'latin1')] : [value])));

const pdf = bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3');
const png = bytes(0x89, 'PNG\r\n\x1a\n', 0, 0, 0, 13, 'IHDR');
const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF');
const gif87 = bytes('GIF87a', 1, 0, 1, 0);
const gif89 = bytes('GIF89a', 1, 0, 1, 0);

describe('sniffFileType', () => {
  it('recognises PDF, PNG, JPEG and both GIF versions by their magic numbers', () => {
    expect(sniffFileType(pdf)).toBe('application/pdf');
    expect(sniffFileType(png)).toBe('image/png');
    expect(sniffFileType(jpeg)).toBe('image/jpeg');
    expect(sniffFileType(gif87)).toBe('image/gif');
    expect(sniffFileType(gif89)).toBe('image/gif');
  });

  it('recognises nothing else, and nothing from too few bytes', () => {
    expect(sniffFileType(bytes('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(sniffFileType(bytes('PK\x03'))).toBeUndefined();
    expect(sniffFileType(bytes('ISO-10303'))).toBeUndefined();
    expect(sniffFileType(bytes('AC10'))).toBeUndefined();
    expect(sniffFileType(bytes('%PDF'))).toBeUndefined();
    expect(sniffFileType(bytes(0x89, 'PNG'))).toBeUndefined();
    expect(sniffFileType(bytes('GIF88a'))).toBeUndefined();
    expect(sniffFileType(bytes(' %PDF-1.4'))).toBeUndefined();
    expect(sniffFileType(new Uint8Array())).toBeUndefined();
  });
});

describe('the files design tools exchange', () => {
  const line = (text: string, section: string) => `${text.padEnd(72)}${section}      1\r\n`;
  it('knows a STEP, IGES, DWG, DXF, ZIP and 7-Zip file by its first bytes', () => {
    expect(sniffFileType(bytes(0xef, 0xbb, 0xbf, 'ISO-10303-21;\nHEADER;'))).toBe('model/step');
    expect(sniffFileType(bytes(line('A pin contact', 'S')))).toBe('model/iges');
    expect(sniffFileType(bytes(line('A pin contact', 'G')))).toBeUndefined();
    expect(sniffFileType(bytes('AC1027\0\0'))).toBe('image/vnd.dwg');
    expect(sniffFileType(bytes('  0\r\nSECTION\r\n  2\r\nHEADER'))).toBe('image/vnd.dxf');
    expect(sniffFileType(bytes('999\nmade by hand\n0\nSECTION\n'))).toBe('image/vnd.dxf');
    expect(sniffFileType(bytes('AutoCAD Binary DXF\r\n\x1a\0'))).toBe('image/vnd.dxf');
    expect(sniffFileType(bytes('PK\x03\x04'))).toBe('application/zip');
  });

  it('takes an EPLAN .edz packed by 7-Zip or in a ZIP, and a SOLIDWORKS Electrical .tewzip as a ZIP', () => {
    const sevenZip = bytes('7z\xbc\xaf\x27\x1c\0\x04');
    expect(fileMatchesType({ fileName: 'part.edz', fileType: 'application/vnd.eplan.edz', head: sevenZip })).toBe(true);
    expect(
      fileMatchesType({ fileName: 'part.EDZ', fileType: 'application/vnd.eplan.edz', head: bytes('PK\x03\x04') }),
    ).toBe(true);
    expect(fileMatchesType({ fileName: 'lib.tewzip', fileType: 'application/zip', head: bytes('PK\x03\x04') })).toBe(
      true,
    );
    expect(fileMatchesType({ fileName: 'part.edz', fileType: 'application/zip', head: sevenZip })).toBe(false);
    expect(fileMatchesType({ fileName: 'model.step', fileType: 'model/step', head: pdf })).toBe(false);
  });
});

describe('fileMatchesType', () => {
  it('accepts a file whose declared type, extension and bytes agree', () => {
    expect(fileMatchesType({ fileName: 'sheet.PDF', fileType: 'application/pdf', head: pdf })).toBe(true);
    expect(fileMatchesType({ fileName: 'photo.jpeg', fileType: 'image/jpeg', head: jpeg })).toBe(true);
    expect(fileMatchesType({ fileName: 'photo.jpg', fileType: 'image/jpeg', head: jpeg })).toBe(true);
  });

  it('refuses a PNG renamed .pdf, declared as a PDF, or with a name that says otherwise', () => {
    expect(fileMatchesType({ fileName: 'sheet.pdf', fileType: 'application/pdf', head: png })).toBe(false);
    expect(fileMatchesType({ fileName: 'image.png', fileType: 'application/pdf', head: png })).toBe(false);
    expect(fileMatchesType({ fileName: 'image.pdf', fileType: 'image/png', head: png })).toBe(false);
    expect(fileMatchesType({ fileName: 'image', fileType: 'image/png', head: png })).toBe(false);
  });
});
