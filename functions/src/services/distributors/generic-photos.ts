/**
 * Whether a distributor's photo address shows a series or a package rather than this part: such
 * a photo is kept for an administrator to judge (the approval queue), never published on its own.
 * The signs come from the distributors' own addresses:
 * - the file name says so: `FP116C SERIES.jpg`, `..._series.png`, `family`, `generic`;
 * - Mouser's own stock pictures live under `/images/mouserelectronics/` (`SOT_23_3_t.jpg`);
 * - the file name is a package outline: `TSSOP-8_SPL.jpg`, `SOT-23`, `SOIC_8`, `TO-220`;
 * - Digi-Key's package drawings are named `<maker id>~<drawing>~<package code>~<pins>`
 *   (`296~4221848~PW~8.JPG`).
 */
const PACKAGE_OUTLINES =
  /^(?:sot|sod|soic|ssop|tssop|msop|qfn|dfn|vqfn|lqfp|tqfp|qfp|bga|lga|dip|pdip|sip|to|do|sma|smb|smc|dpak|d2pak|powerpak|sc|plcc)[-_ ]?\d+[a-z]?(?:[-_ ]\d+)*(?:[-_ ](?:spl|t|tmb|sml|lrg|thumb))?$/i;

const fileNameOf = (address: string): string => {
  try {
    const path = new URL(address).pathname;
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  } catch {
    return '';
  }
};

export const isGenericPhoto = (address: string): boolean => {
  let path: string;
  try {
    path = decodeURIComponent(new URL(address).pathname).toLowerCase();
  } catch {
    return false;
  }
  if (path.includes('/images/mouserelectronics/')) return true;
  const name = fileNameOf(address).replace(/\.[a-z0-9]{2,4}$/i, '');
  if (/(?:^|[\s_\-.])(?:series|family|generic|typical|representative)(?:$|[\s_\-.])/i.test(name)) return true;
  if (PACKAGE_OUTLINES.test(name)) return true;
  return /^\d+~[^~]+~[^~]+~\d+$/.test(name);
};
