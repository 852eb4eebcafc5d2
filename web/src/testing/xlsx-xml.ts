/**
 * Reading an .xlsx as the XML it is made of, for tests that must see what a spreadsheet program
 * sees rather than what SheetJS makes of it: the parts by name, and the cells' texts decoded
 * (XML entities and the _xHHHH_ escapes spreadsheets use for control characters).
 */
import * as XLSX from 'xlsx';

/** Every XML part of the package, by file name (`sheet1.xml`, `sharedStrings.xml` ...). */
interface PackageEntry {
  type: number;
  name: string;
  content: unknown;
}

export const xlsxXmlParts = (bytes: ArrayBuffer | Uint8Array): Record<string, string> => {
  const container = XLSX.CFB.read(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), { type: 'array' }) as {
    FileIndex: PackageEntry[];
  };
  return Object.fromEntries(
    container.FileIndex.filter((entry) => entry.type === 2 && /\.(xml|rels)$/.test(entry.name)).map((entry) => [
      entry.name,
      new TextDecoder().decode(entry.content as Uint8Array),
    ]),
  );
};

const entities: Record<string, string> = { quot: '"', apos: "'", lt: '<', gt: '>', amp: '&' };

const decodeXmlText = (text: string): string =>
  text
    .replace(
      /&(quot|apos|lt|gt|amp);|&#(\d+);|&#x([0-9a-f]+);/gi,
      (_match, name?: string, dec?: string, hex?: string) =>
        name ? entities[name]! : String.fromCodePoint(dec ? Number(dec) : parseInt(hex!, 16)),
    )
    .replace(/_x([0-9a-f]{4})_/gi, (_match, code: string) => String.fromCharCode(parseInt(code, 16)));

/**
 * Every text a spreadsheet program reads from the package: the shared string table's entries,
 * then the text cells that carry their text in the sheet itself (`t="str"` or `t="inlineStr"`).
 */
export const cellStrings = (parts: Record<string, string>): string[] => [
  ...[...(parts['sharedStrings.xml'] ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((item) =>
    [...item[1]!.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((run) => decodeXmlText(run[1]!)).join(''),
  ),
  ...Object.entries(parts)
    .filter(([name]) => /^sheet\d+\.xml$/.test(name))
    .flatMap(([, xml]) =>
      [...xml.matchAll(/<c\s[^>]*t="(?:str|inlineStr)"[^>]*>([\s\S]*?)<\/c>/g)].map((cell) =>
        decodeXmlText(/<(?:v|t)(?:\s[^>]*)?>([\s\S]*?)<\/(?:v|t)>/.exec(cell[1]!)?.[1] ?? ''),
      ),
    ),
];
