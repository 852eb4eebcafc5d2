import { messages } from '#shared/messages';
import { SNIFF_BYTES, sniffComponentFileType } from '#shared/schemas/file-signatures';
import { componentFileProblem, type ComponentFileKind, type FileProblem } from '#shared/schemas/files';
import type { Notice } from '../components/ui/toaster';

/*
 * What is wrong with a chosen file, found in the browser before anything is sent, with the rules
 * the server applies after: the same size limits and the same reading of the first bytes.
 */

/** The toast for a file problem: 'Invalid file type', 'Empty file' or 'File too large', with the rule's words. */
export const fileProblemNotice = (problem: FileProblem | undefined): Notice | null => {
  if (!problem) return null;
  if (problem.field !== 'size')
    return { type: 'error', title: messages.invalidFileTypeTitle, description: problem.message };
  if (problem.message === messages.fileEmpty)
    return { type: 'error', title: 'Empty file', description: problem.message };
  return { type: 'error', title: 'File too large', description: problem.message };
};

/** The toast when no file was chosen, with the screen's own words. */
export const noFileNotice = (description: string): Notice => ({
  type: 'error',
  title: messages.noFileSelectedTitle,
  description,
});

/** The first bytes of a file, enough to tell what it really is. */
export const readFileHead = async (file: Blob): Promise<Uint8Array> =>
  new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());

/**
 * What is wrong with a file for a component file field: over `maxSizeMb`, empty, or not the kind
 * the field takes going by its bytes (a text file renamed `.png` is not an image).
 */
export const componentFileCheck = async (
  file: File,
  kind: ComponentFileKind,
  maxSizeMb: number,
): Promise<FileProblem | undefined> => {
  if (file.size > maxSizeMb * 1024 * 1024) return { field: 'size', message: messages.fileTooLarge(maxSizeMb) };
  const type = file.size > 0 ? sniffComponentFileType(await readFileHead(file)) : file.type;
  return componentFileProblem(kind, { type, size: file.size });
};
