import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SlimError } from '../errors.js';
import { packageRoot } from '../sources/demo.js';
import { parseRuleBook, type RuleBook } from './rules.js';

/** The rules shipped with the package: reading them is the only I/O of the per-client cost. */
export const RULES_FILE = (): string => path.join(packageRoot(), 'data', 'client-rules.json');


export function loadRuleBook(file = RULES_FILE()): RuleBook {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SlimError('config', `${file}: cannot read the client rules (${(error as NodeJS.ErrnoException).code ?? String(error)}); reinstall mcp-slim`);
  }
  return parseRuleBook(text, file);
}
