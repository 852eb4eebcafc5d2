import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where package.json and package-lock.json live). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where `npm run build:web` writes the SPA. */
export const defaultWebDistDir = path.join(repoRoot, 'web', 'dist');
