/**
 * Derived TAGS: a few lower-case domain words for retrieval (seeds/002's taxonomy), taken
 * from the tool name and the names the description capitalises (GitHub, Redis, PDF).
 * The action is left out: WHEN already carries it, and "get" groups nothing.
 */
import { DOMAIN_WORDS } from '../vocabulary/index.js';
import { nameWords } from './text.js';
import { baseForm, FUNCTION_WORDS, isAction } from '../text/verbs.js';

const MAX_TAGS = 4;
/** Words descriptions use about any tool: never a topic. */
const DESCRIPTION_WORDS = new Set(
  'only instead allowed caution parameter parameters returned return returns result results value values default defaults optional required example examples provided specified given within without also note must should will would could every each other another first last next number numbers string strings true false null option options error errors detailed information info data content contents based whether either format work works used uses using useful call calls called tool tools server user users request response current specific certain various single multiple entire complete full time times line lines text deprecated'.split(' '),
);

/** Topic words taken from the description beyond its first sentence: what retrieval would miss without them. */
const MAX_TOPIC_TAGS = 3;
/** Words of the sentences that say more the tool does, right after the purpose, come before the rest. */
const LEAD_BONUS = 5;
const GENERIC = new Set(['mcp', 'tool', 'tools', 'server', 'api', 'new', 'multiple', 'specific', 'one', 'more', 'xy']);

/**
 * Words the rest of the description repeats (or names) that neither the name nor PURPOSE has:
 * the description is gone from TTC, and these keep a retriever able to find the tool by them.
 */
function topicWords(rest: string, taken: ReadonlySet<string>, boilerplate: ReadonlySet<string>, lead: string): string[] {
  const counts = new Map<string, number>();
  const leading = new Set(lead.split(/[^A-Za-z0-9-]+/).map((raw) => singular(raw.toLowerCase())));
  for (const raw of rest.split(/[^A-Za-z0-9-]+/)) {
    const w = singular(raw.toLowerCase());
    if (w.length < 3 || FUNCTION_WORDS.has(w) || GENERIC.has(w) || DESCRIPTION_WORDS.has(w) || isAction(baseForm(w)) || taken.has(w) || boilerplate.has(w)) continue;
    // A word the domain vocabulary knows, or a name or acronym the text capitalises (PDF, Excel), is a topic; "clearly" is not.
    // Only such words: a filler ("already", "between") is no topic, however often it comes.
    const known = DOMAIN_WORDS.has(w) || DOMAIN_WORDS.has(raw.toLowerCase()) || (/^[A-Z]/.test(raw) && /[A-Z]/.test(raw.slice(1))) ? 10 : /^[A-Z]/.test(raw) ? 2 : 0;
    if (known === 0) continue;
    const topical = known + (leading.has(w) ? LEAD_BONUS : 0);
    // Short words are tags only as acronyms the text spells in capitals (PDF, CPU), not "day" or "top".
    if (w.length < 4 && !/^[A-Z0-9]{2,}s?$/.test(raw)) continue;
    counts.set(w, Math.max(counts.get(w) ?? 0, topical) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_TOPIC_TAGS).map(([w]) => w);
}

/** A word in at least this share of a server's descriptions is its boilerplate ("use absolute paths"), not one tool's topic. */
const BOILERPLATE_SHARE = 0.4;
/** Below this many tools a server has no boilerplate to speak of. */
const BOILERPLATE_MIN_TOOLS = 4;

const descriptionWords = (text: string): Set<string> => new Set(text.split(/[^A-Za-z0-9-]+/).map((raw) => singular(raw.toLowerCase())));

/**
 * The words a server repeats across its tools' descriptions: notes every tool carries ("only works
 * within allowed directories", "prefer paths within mounted directories"). They tell its tools
 * apart from nothing, so they are never a tool's topic tag.
 */
export function boilerplateWords(descriptions: readonly (string | undefined)[]): Set<string> {
  const texts = descriptions.filter((d): d is string => typeof d === 'string' && d.length > 0);
  if (texts.length < BOILERPLATE_MIN_TOOLS) return new Set();
  const counts = new Map<string, number>();
  for (const text of texts) for (const w of descriptionWords(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  // Two mentions in a five-tool server are not boilerplate ("PDF" in merge and split): at least three tools must repeat it.
  return new Set([...counts].filter(([, n]) => n >= 3 && n / texts.length >= BOILERPLATE_SHARE).map(([w]) => w));
}

/** What a tool's topic tags are picked from, besides its name and PURPOSE. */
export interface TagSources {
  /** The description after its first sentence. */
  rest?: string;
  /** The sentences right after the first that say more the tool does: their words come first. */
  lead?: string;
  /** Words the server repeats in most descriptions (boilerplateWords): never a topic. */
  boilerplate?: ReadonlySet<string>;
  /** Parameter names: IN already shows them. */
  params?: readonly string[];
}

export function deriveTags(toolName: string, purpose: string, { rest = '', lead = '', boilerplate = new Set(), params = [] }: TagSources = {}): string[] {
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
  const base = tags.length > 0 ? tags : words.filter((w) => !FUNCTION_WORDS.has(w)).slice(0, MAX_TAGS);
  const taken = new Set([...base, ...words, ...purpose.toLowerCase().split(/[^a-z0-9-]+/).map(singular), ...params.flatMap(nameWords).map(singular)]);
  return [...base, ...topicWords(rest, taken, boilerplate, lead)];
}

/** `files` → `file`, `entities` → `entity`, `searches` → `search`: tags group better singular. */
function singular(word: string): string {
  if (word.length <= 3 || /(?:ss|us|is|ics)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}
