/**
 * ExcelJS's streaming workbook writer on its own: the package's main module also carries its
 * readers and their dependencies, about 600 KB more in a bundle.
 */
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type { stream } from 'exceljs';

  const WorkbookWriter: typeof stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
