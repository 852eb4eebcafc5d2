/**
 * Workbooks for the Excel import's tests, journeys and benchmark, made with SheetJS (the same
 * library the server reads them with), plus the hostile files a real workbook never is: ZIP
 * packages whose parts unpack to far more than they say or than the import reads.
 */
import { crc32, createDeflateRaw } from 'node:zlib';
import * as XLSX from 'xlsx';

export type Cell = string | number | boolean | null;

export interface SheetSpec {
  name?: string;
  /** Rows above the headings (a title, a blank line). */
  titleRows?: Cell[][];
  headings: string[];
  rows: Cell[][];
}

/** An .xlsx (default) or .xls of the given sheets, as bytes. */
export const makeWorkbook = (sheets: SheetSpec | SheetSpec[], bookType: 'xlsx' | 'xls' = 'xlsx'): Buffer => {
  const workbook = XLSX.utils.book_new();
  (Array.isArray(sheets) ? sheets : [sheets]).forEach((sheet, index) => {
    const data = [...(sheet.titleRows ?? []), sheet.headings, ...sheet.rows];
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(data), sheet.name ?? `Sheet${index + 1}`);
  });
  return XLSX.write(workbook, {
    type: 'buffer',
    bookType: bookType === 'xls' ? 'biff8' : 'xlsx',
    compression: true,
  }) as Buffer;
};

/** The catalogue's field names as headings (the import's own vocabulary). */
export const specHeadings = [
  'reference',
  'class',
  'manufacturer',
  'type',
  'description',
  'articleNumber',
  'width',
  'voltage',
  'numberOfTerminals',
];

/** `count` generated parts under specHeadings, references `${prefix}-000001` ... */
export const generatedRows = (count: number, prefix: string): Cell[][] =>
  Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(6, '0');
    return [
      `${prefix}-${n}`,
      ['Relay', 'Connector', 'Terminal Block', 'PLC', 'Switch'][index % 5]!,
      ['Siemens', 'ABB', 'Phoenix Contact', 'Schneider Electric', 'Eaton'][index % 5]!,
      ['Contactor', 'Plug', 'Feed-through', 'CPU', 'Pushbutton'][index % 5]!,
      `Generated part ${n} for the import benchmark, rated for industrial use`,
      `ART-${n}`,
      12.5 + (index % 40),
      index % 2 ? '24 V' : '230,5',
      (index % 12) + 1,
    ];
  });

interface ZipPart {
  name: string;
  /** The part's content, produced in chunks so a huge part never sits in memory. */
  chunks: () => Iterable<Uint8Array>;
  /** Override what the central directory says the part unpacks to (a lying bomb). */
  declaredSize?: number;
  /**
   * The central directory calls the part "stored" (not compressed, as big as its bytes) while
   * its local header says deflated: a bomb that hides from a guard reading only the directory.
   */
  storedInDirectory?: boolean;
}

const deflateParts = async (part: ZipPart): Promise<{ data: Buffer; size: number; crc: number }> => {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let size = 0;
  let crc = 0;
  for (const chunk of part.chunks()) {
    size += chunk.length;
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { data: Buffer.concat(out), size, crc };
};

/** A ZIP package (deflated parts, no ZIP64) written by hand, so its directory can lie. */
export const makeZip = async (parts: ZipPart[]): Promise<Buffer> => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = await deflateParts(part);
    const name = Buffer.from(part.name, 'utf8');
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.storedInDirectory ? 0 : 8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(part.storedInDirectory ? data.length : declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

const text = (value: string) => () => [Buffer.from(value, 'utf8')];

/**
 * A zip bomb dressed as a workbook: a real-looking package whose sheet unpacks to
 * `megabytes` of XML from a few hundred kilobytes; with `lie`, the directory claims 1 KB; with
 * `storedInDirectory`, the directory calls the sheet stored (its size that of its bytes) while
 * its local header says deflated.
 */
export const makeZipBomb = (
  megabytes: number,
  options: { lie?: boolean; storedInDirectory?: boolean } = {},
): Promise<Buffer> => {
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  return makeZip([
    {
      name: '[Content_Types].xml',
      chunks: text(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
    },
    { name: 'xl/workbook.xml', chunks: text('<?xml version="1.0"?><workbook/>') },
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks: function* () {
        for (let i = 0; i < megabytes; i++) yield chunk;
      },
      ...(options.lie ? { declaredSize: 1024 } : {}),
      ...(options.storedInDirectory ? { storedInDirectory: true } : {}),
    },
  ]);
};
