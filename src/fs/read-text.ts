import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SlimError } from '../errors.js';

/** A file a user named, as text; a file that cannot be read is a one-line config error saying what to do. */
export function readUserFile(cwd: string, file: string, what: string, fix = 'check the path'): string {
  try {
    return readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new SlimError('config', `cannot read ${what} ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}); ${fix}`);
  }
}
