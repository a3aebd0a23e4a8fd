/**
 * Derived TAGS: a few lower-case domain words for retrieval (seeds/002's taxonomy), taken
 * from the tool name and the names the description capitalises (GitHub, Redis, PDF).
 * The action is left out: WHEN already carries it, and "get" groups nothing.
 */
import { nameWords } from './text.js';
import { baseForm, FUNCTION_WORDS, isAction } from './verbs.js';

const MAX_TAGS = 4;
const GENERIC = new Set(['mcp', 'tool', 'tools', 'server', 'api', 'new', 'multiple', 'specific', 'one', 'more', 'xy']);

export function deriveTags(toolName: string, purpose: string): string[] {
  const words = nameWords(toolName);
  // Only the name's first action word is the verb: in `stop_search`, "search" is the thing.
  const verbAt = words.findIndex((w) => isAction(baseForm(w)));
  const fromName = words.filter((_, i) => i !== verbAt);
  const proper = purpose
    .split(/\s+/)
    .slice(1)
    .filter((t) => /[A-Z]/.test(t))
    .map((t) => t.replace(/'s$|[^A-Za-z0-9-]+/g, '').toLowerCase());
  const tags: string[] = [];
  for (const word of [...fromName, ...proper].map(singular)) {
    if (tags.length >= MAX_TAGS) break;
    if (/^[a-z0-9][a-z0-9-]*$/.test(word) && !FUNCTION_WORDS.has(word) && !GENERIC.has(word) && !tags.includes(word)) {
      tags.push(word);
    }
  }
  return tags.length > 0 ? tags : words.filter((w) => !FUNCTION_WORDS.has(w)).slice(0, MAX_TAGS);
}

/** `files` → `file`, `entities` → `entity`, `searches` → `search`: tags group better singular. */
function singular(word: string): string {
  if (word.length <= 3 || /(?:ss|us|is|ics)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}
