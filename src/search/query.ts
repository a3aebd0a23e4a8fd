import { stem, termGroups, terms, words } from './tokenize.js';
import { DOMAIN_WORDS } from '../vocabulary/index.js';
import { EXPANSION_WEIGHT, IMPLIED_BY, IMPLIES_WEIGHT, lemmas, sameWord, SYNONYMS, type Entry } from './word-forms.js';

export { EXPANSION_WEIGHT, IMPLIES_WEIGHT, lemmas, sameWord };

/** Words a query implies by its shape: a URL means a web address, a path means a file. */
const IMPLIED_WEIGHT = 0.5;

// A host ends at its top-level domain: "settings.local.json" and "search.test.ts" are files.
const URL = /\b(?:https?:\/\/\S+|(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|ai|co|edu|gov|test|local)(?:[/:]\S*|(?![\w.-]))|localhost(?::\d+)?\S*)/gi;
/**
 * A path: absolute or home-relative; relative with two slashes, a trailing slash or a file
 * extension (docs/floorplan.png, src/widgets/forms, docs/), not "quokka/garden" or "lat/long";
 * a file name; a well-known file.
 */
// One way to match a segment (no nested quantifiers over the same characters): a run with a letter in it.
const SEGMENT = String.raw`(?=[\w.*-]*[a-z_*])[\w.*-]+`;
const PATH = new RegExp(
  String.raw`(?:^|\s)(?:~|\.{1,2})?\/[\w.\-/*]+|\b${SEGMENT}(?:\/${SEGMENT}){2,}\/?|\b${SEGMENT}\/(?:[\w*-]+\.[a-z][a-z0-9]{0,4}\b|(?<=[\w.*-]{2}\/)(?=\s|$))|[\w*-]+\.(?:[a-z][a-z0-9]{0,4})\b|\b(?:readme|dockerfile|makefile|changelog|license(?=\s+file))\b`,
  'gi',
);
/**
 * "a folder called deploy/output", "a repo named dotfiles": the name given is a value, as if
 * quoted. Not "named after it", "called twice", "the so-called helper", a #channel or @user (their
 * own shapes), nor a word the lexicons know ("named entity recognition"). One space only: a value
 * already taken out ("titled 'Q3 plan' summarizing") leaves several, and the next word is not it.
 */
const CALLED = /(?<!\bso-)\b(called|named|titled) (?![#@])(?!(?:after|by|for|in|on|with|the|a|an|as|to|from|and|or|it|that|this|me|us|when|once|twice|most|back|out|up|off)\b)([^\s,;!?]+)/g;
/** Extensions of the files people name in tasks. A dotted word with another ending ("shop.items", "a.m") names no file. */
const FILE_EXTENSIONS: ReadonlySet<string> = new Set(
  `txt md mdx rst json jsonl yaml yml toml ini cfg conf env csv tsv xml html htm css scss sass less js mjs cjs ts tsx jsx vue
  svelte py ipynb rb go rs java kt swift c h cc cpp hpp cs php sh bash zsh ps1 bat sql db sqlite log pdf doc docx xls xlsx
  xlsm ppt pptx odt rtf png jpg jpeg gif webp svg ico bmp tif tiff mp3 mp4 wav mov avi mkv webm zip tar gz tgz bz2 xz 7z
  rar jar war lock bak tmp dat bin exe dll so wasm har proto graphql gql tf hcl liquid ejs hbs pem crt csr key`.split(/\s+/),
);
/** Extensions that are everyday words too ("server.go", "app.log"), or say nothing of the file's topic: no term of their own. */
const WORD_EXTENSIONS: ReadonlySet<string> = new Set('go log key lock less old patch diff run out map test spec json md txt tmp bak dat bin'.split(' '));
const extensionOf = (path: string): string | undefined => /\.([a-z][a-z0-9]{0,9})$/.exec(path.trim())?.[1];
/**
 * A file's kind, from its extension: "lease.pdf" is about PDF, "price-tag.liquid" about Liquid
 * (pooled-240 flat, dev-250 R@1 +0.4, holdout +1.0).
 */
const fileKind = (path: string): string[][] => {
  const ext = extensionOf(path);
  return ext && FILE_EXTENSIONS.has(ext) && !WORD_EXTENSIONS.has(ext) ? [[ext]] : [];
};
/** A path as such: it has a separator or a home, or ends in a file's extension, or is a well-known file. */
const isFilePath = (token: string): boolean => /[/\\~]/.test(token) || FILE_EXTENSIONS.has(extensionOf(token) ?? '') || !token.includes('.');
/** "quokka/garden", "fix/null-check", "images/old": an owner/repo, a branch or a relative path, named rather than described. */
const SLASHED = /(?<![\w./-])[a-z0-9][\w.-]*(?:\/[\w.-]+)+(?![\w/])/g;
/** A day written with slashes: 12/25, 12/25/2026. */
const DATE = /^(?:0?[1-9]|1[0-2])\/(?:0?[1-9]|[12]\d|3[01])(?:\/(?:\d{2}|\d{4}))?$/;
/** "Next.js", "Node.js", "Express.js" as written: a library. */
const LIBRARY = /\b([A-Z][a-z]+)\.js\b/g;
/** Slashed pairs that are words wherever they stand: "into lat/long", "with read/write". */
const WORD_PAIR = /^(?:and\/or|either\/or|input\/output|read\/write|i\/o|tcp\/ip|ci\/cd|lat\/long|lat\/lng|lat\/lon|on\/off|yes\/no|true\/false|pros\/cons)$/;
/**
 * Whether a slashed token names something rather than pairs two words ("stores/outlets",
 * "rent/own", "EUR/USD"): it has a digit, "-", "_" or ".", or three parts, or it stands where a
 * place is named (after in/into/from/to/of/under/at, before repo/branch/folder/project, or before "to").
 */
function namedBySlash(token: string, before: string, after: string): boolean {
  if (/[\d_.-]/.test(token) || token.split('/').length > 2) return true;
  if (/^\s+(?:repo|repository|branch|folder|directory|dir|project|org|group)\b/.test(after)) return true;
  // "CSV/Excel", "dark/light", "iOS/Android": words the lexicons know pair alternatives wherever they stand.
  if (token.split('/').every(knownWord)) return false;
  return /\b(?:in|into|from|to|of|under|at|on)\s+(?:the\s+)?$/.test(before) || /^\s+(?:to|into)\b/.test(after);
}
/** "in my downloads", "the Desktop folder": a place on disk, a path by another name (not "download" the action). */
const USER_FOLDER = /(?<=\b(?:in|from|to|into|under|inside)\s+(?:my|the)\s)downloads\b|\b(?:downloads|documents|desktop|pictures)(?=\s+(?:folder|directory|dir)\b)/g;
// Not git@github.com:org/repo, which is a remote.
const EMAIL = /\b[\w.+-]+@[\w-]+\.[\w.]+\b(?!:)/g;
/** "48.8584, 2.2945": a latitude and longitude. */
const COORDINATES = /(?<![$€£¥\d.])-?\b\d{1,3}\.\d{2,}\s*,\s*-?\d{1,3}\.\d{2,}\b/g;
/**
 * "(100,400)", "at 300,220", "x=200 y=150", "drag from 20,20 to 240,160", "send the cursor to
 * 640,360": a position on a screen, in pixels. Without brackets "1,500" is a number and "March 3,
 * 2025" a date, so the bare form needs a word of place (or a drag or the mouse) before it, and no
 * year after the comma.
 */
const PIXELS =
  /\(\s*\d{1,5}\s*,\s*\d{1,5}\s*\)|\b(?=\d)(?<=\b(?:at|coordinates|position|point|pixels?|click|tap|hover)\s)\d{1,5},\s?(?!(?:19|20)\d\d\b)\d{1,5}\b(?![\d.,])|\bfrom(?<=\b(?:drag|dragging|drags|draw|drawing|swipe|move|moving|mouse|cursor|pointer)\b[^.;]{0,40}from)\s+\d{1,4},\s?\d{1,4}\s+to\s+\d{1,4},\s?\d{1,4}\b(?![\d.,])|\bto(?<=\b(?:mouse|cursor|pointer)\b[^.;,]{0,20}\bto)\s\d{1,4},\s?\d{1,4}\b(?![\d.,])|\bx\s*[=:]\s*\d+[\s,]+y\s*[=:]\s*\d+/g;
/**
 * A time of day ("4pm", "10:30 am", "at 9:15"): what events and schedules are set to. A bare
 * "1:30" only after at/until/by, and not a place in a video.
 */
const CLOCK_TIME = /\b\d{1,2}(?::[0-5]\d)?\s?(?:am|pm)\b|\b(?=\d)(?<=\b(?:at|until|by)\s)\d{1,2}:[0-5]\d\b(?!\s+(?:in|into|of)\s+(?:the\s+|this\s+|that\s+)?(?:video|clip|recording|song|track|episode))/g;
/** "2026-12-20": a date. */
const ISO_DATE = /\b(?:19|20)\d\d-[01]\d-[0-3]\d\b/g;
/** "tomorrow", "last week", "next 7 days", "on Thursday": a day or a span of days, which date-ranged tools take. */
const RELATIVE_DATE = /\b(?:today|tomorrow|yesterday|tonight|(?:this|next|last|past)\s+(?:\d+\s+)?(?:days?|weeks?|months?|quarter|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:on|by|until|since)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/;
/**
 * A size ("1280 by 720", "800x600", "1920×1080", "resize the window to 1280, 720"): what resize and
 * viewport tools take as width and height. Not arithmetic ("multiply 1000 by 2500") or an amount
 * ("from 2023 by 2000 dollars").
 */
const SIZE =
  /\b(?=\d)(?<!\b(?:multiply|multiplied|times|divide|divided|from|by|grow|increase|decrease|raise|reduce|cut)\s)(?:\d{3,5}\s*(?:by|[x×])\s*\d{3,5}|\d{2,5}\s*[x×]\s*\d{2,5})\b(?!\s*(?:dollars?|euros?|percent|%|times|users|people|rows|items|records))|\bto(?<=\b(?:resize|viewport|window|screen)\b[^.;]{0,30}\bto)\s\d{3,4},\s?\d{3,4}\b/g;
/** Script in a task ("document.referrer", "sessionStorage.clear()", "await page.click()"), lower-cased: what evaluate tools take. */
const CODE = /(?:\bawait\s+)?\b(?:document|window|localstorage|sessionstorage|navigator|location|console|page)\.[\w$]+(?:\([^)]{0,80}\))?(?:\.[\w$]+(?:\([^)]{0,80}\))?)*/g;
/** SQL in a task, its keywords in capitals as people write them ("SELECT * FROM orders"; not "select the rows from"). */
const SQL = /\b(?:SELECT\s+[^;]{1,80}?\s+FROM|INSERT\s+INTO|DELETE\s+FROM|CREATE\s+TABLE|ALTER\s+TABLE|UPDATE\s+\w+\s+SET)\b|\bselect\s+\*\s+from\b/;
/** "user:1001:prefs", "cache:home": a key in a key-value store (not "9:15", a URL or "a:first-child"). */
const KEY = /(?<![\w:.-])[a-z][\w-]*:(?!first|last|nth|hover|focus|not\b)[\w.*-]+(?::[\w.*-]+)*(?![\w:(])/g;
/** "#501" is an issue or pull request; "#incidents" is a chat channel. */
const HASH_NUMBER = /(?:^|\s)#\d+\b/g;
// "#ffffff" and "#333" are colours, not channels.
const CHANNEL = /(?:^|\s)#(?![0-9a-f]{3}\b|[0-9a-f]{6}\b|[0-9a-f]{8}\b)[a-z][\w-]*/g;
/**
 * Quoted text is usually a value to type or look for, not a word about which tool to use. A quote
 * opens after a non-letter and closes before one, so "what's … where's" is not a quotation.
 */
export const QUOTED = /(?<![\p{L}\p{N}])(["'])(?:(?!\1).){1,80}\1(?![\p{L}\p{N}])/gu;
/** Longer tasks are cut here: beyond it words add nothing to ranking, and regexes stay linear in practice. */
export const MAX_TASK_CHARS = 2000;
/** A longer run without spaces is cut to this (a URL or a path keeps its shape). */
const MAX_TOKEN_CHARS = 200;

/** A task as the query functions read it: at most MAX_TASK_CHARS, whitespace runs collapsed. */
export const normalizeTask = (task: string): string =>
  task
    .replace(/\s+/g, ' ')
    // A run of 200 characters without a space is a value, not words; cut, so the shape regexes stay fast on it.
    .replace(/\S{200,}/g, (run) => run.slice(0, MAX_TOKEN_CHARS))
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .slice(0, MAX_TASK_CHARS);

/** Whether the task names a web address (an e-mail address is not one): reaching it is then a step of its own. */
export const mentionsUrl = (task: string): boolean => prepare(task).implied.some((c) => c[0] === 'url');

export interface QueryOptions {
  /** Add synonyms from the vocabulary (default true). */
  expand?: boolean;
  /** Weight of a synonym (default EXPANSION_WEIGHT). */
  expansionWeight?: number;
}

/** The query text with values set aside, plus the words its shape implies. */
function prepare(task: string): { text: string; implied: string[][]; values: Set<ValueKind> } {
  const implied: string[][] = [];
  const values = new Set<ValueKind>();
  // Acronym plurals before lower-casing: "PRs" is pr, not prs.
  // "Next.js", "Node.js": a library's name, not a file.
  let text = ` ${normalizeTask(task).replace(/([A-Z]{2,})s\b/g, '$1').replace(LIBRARY, '$1js').toLowerCase()} `;
  text = text.replace(/\b(?:e\.g|i\.e|etc)\./g, ' ');
  text = text.replace(EMAIL, () => (values.add('email'), implied.push(['email']), ' '));
  text = text.replace(URL, () => (values.add('url'), implied.push(['url'], ['web'], ['navigate']), ' '));
  // Code before paths: "document.referrer" is an expression, not a file.
  text = text.replace(CODE, () => (values.add('code'), implied.push(['script', 'evaluate', 'javascript']), ' '));
  // A path handed over: a value, implying a file of its kind.
  const path = (m: string) => (values.add('path'), implied.push(['file'], ['path'], ...fileKind(m)));
  // "shop.items", "a.m.": dotted, but no file; a name or a value all the same.
  text = text.replace(PATH, (m) => (isFilePath(m) ? path(m) : values.add('quoted'), ' '));
  text = text.replace(QUOTED, () => (values.add('quoted'), ' '));
  text = text.replace(CALLED, (m, verb: string, name: string) => (/^[a-z]+$/.test(name) && knownWord(name) ? m : (values.add('quoted'), ` ${verb} `)));
  text = text.replace(SLASHED, (m, at: number, all: string) => {
    const before = all.slice(Math.max(0, at - 16), at);
    if (WORD_PAIR.test(m) || !namedBySlash(m, before, all.slice(at + m.length, at + m.length + 16))) return m;
    // "snippets/price-tag.liquid": a file (its extension too long for PATH); "quokka/garden": a name, as if quoted.
    if (/\.[a-z]\w*$/.test(m)) path(m);
    else if (DATE.test(m) && (/\/\d{2,4}$/.test(m) || /\b(?:on|by|until|due|before|after|since|from)\s+$/.test(before))) values.add('time');
    else values.add('quoted');
    return ' ';
  });
  if (/downloads|documents|desktop|pictures/.test(text)) text = text.replace(USER_FOLDER, (m) => (path(m), ' '));
  // The number shapes look behind only where a digit or their anchor word stands, and only in tasks with a digit.
  const digits = /\d/.test(text);
  if (digits) text = text.replace(COORDINATES, () => (values.add('coordinates'), implied.push(['coordinates', 'latitude', 'longitude']), ' '));
  // A size first: "resize the window to 1280, 720" is not a position.
  if (digits) {
    text = text.replace(SIZE, () => (values.add('size'), implied.push(['width', 'height', 'size']), ' '));
    text = text.replace(PIXELS, () => (values.add('pixels'), implied.push(['x', 'y', 'xy']), ' '));
    text = text.replace(CLOCK_TIME, () => (values.add('time'), implied.push(['event', 'calendar', 'schedule', 'meeting']), ' '));
    text = text.replace(ISO_DATE, () => (values.add('time'), implied.push(['date']), ' '));
  }
  // "pull 77" is GitHub's short way to say pull request 77.
  text = text.replace(/\bpull\s+(?=#?\d+\b(?!\s+\w+s\b))/g, ' pr ');
  // "PR 42", "issue 7", "merge request 12": a reference to pass on (not "issue 3 times a day").
  if (/\b(?:pr|prs|mr|issue|ticket|pull request|merge request)\s+#?\d+\b(?!\s*(?:times?|x|days?|hours?|minutes?|weeks?)\b)/.test(text)) values.add('number');
  text = text.replace(KEY, () => (values.add('key'), implied.push(['key']), ' '));
  text = text.replace(HASH_NUMBER, () => (values.add('number'), implied.push(['issue', 'pr']), ' '));
  text = text.replace(CHANNEL, () => (values.add('channel'), implied.push(['channel']), ' '));
  if (RELATIVE_DATE.test(text)) values.add('time');
  if (SQL.test(task)) (values.add('sql'), implied.push(['sql', 'query']));
  // A question asks to read something: lean towards tools that get, list or search.
  if (/^\s*(what|which|who|where|when|how|is|are|does|do|has|have|any|show)\b/.test(text) || text.trim().endsWith('?')) implied.push(['get', 'list', 'search', 'read']);
  return { text, implied, values };
}

/** The kinds of value a task can hand a tool as an argument, by their shape. */
export type ValueKind = 'email' | 'url' | 'path' | 'coordinates' | 'pixels' | 'size' | 'time' | 'number' | 'channel' | 'key' | 'code' | 'sql' | 'quoted';

/** A name in the middle of a sentence ("Boston", "Dave") is a value to pass, not a word about which tool. */
const NAME_WEIGHT = 0.5;
/** A code identifier (getUserData, ERR_STREAM_CLOSED) is mostly a value too, though its words can name a tool. */
const IDENTIFIER_WEIGHT = 0.5;
const MID_SENTENCE_NAME = /(?<=[\p{Ll}\d,;:)]\s)\p{Lu}\p{Ll}+/gu;
/** A constant's name (ERR_STREAM_CLOSED, NODE_ENV); lower-case snake_case is more likely a tool the user names. */
const IDENTIFIER = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;
/** A word the lexicons know, plural or not ("Issues"); not by stem, or "Providence" would be "provide". */
const knownWord = (word: string): boolean => DOMAIN_WORDS.has(word) || DOMAIN_WORDS.has(word.replace(/(?<=[^aeiou]e?)s$/, '')) || DOMAIN_WORDS.has(word.replace(/es$/, ''));

/** Terms of the task that are values by their shape, with the weight each keeps (words the lexicons know stay at full weight). */
function valueTerms(task: string): Map<string, number> {
  const out = new Map<string, number>();
  const text = normalizeTask(task);
  for (const m of text.matchAll(MID_SENTENCE_NAME)) {
    const w = m[0].toLowerCase();
    if (!knownWord(w)) for (const t of terms(w)) out.set(t, NAME_WEIGHT);
  }
  for (const m of text.matchAll(IDENTIFIER)) for (const t of terms(m[0])) out.set(t, Math.max(out.get(t) ?? 0, IDENTIFIER_WEIGHT));
  return out;
}

/**
 * "comment c3f1a2b4", "asset 9Kp2", "message 7": a thing named by its identifier (it has a digit);
 * the word before it says the kind of thing. Not "top 5", "in 2024", "first 20".
 */
const IDENTIFIED = /\b([a-z][a-z-]{2,})\s+(?:(?:id|number|no\.?)\s+)?#?(?=[\w:-]*\d)[a-z0-9][\w:-]{0,40}\b/gi;
const NOT_OBJECTS = new Set(
  'id number the and for with from than last first next top every about over under after before into onto page line lines step version port that this these those all only just since until year day days week weeks month hour hours minute minutes around between per each'.split(' '),
);
function identifiedInTask(task: string): Set<string> {
  const out = new Set<string>();
  for (const m of normalizeTask(task).matchAll(IDENTIFIED)) {
    const word = m[1]!.toLowerCase();
    if (!NOT_OBJECTS.has(word)) out.add(stem(word));
  }
  return out;
}

/** A task as the index reads it: its concepts, and every term the user wrote (values set aside). */
export interface TaskReading {
  /** Kinds of thing the task names by an identifier ("comment c3f1a2b4" → comment). */
  identified: ReadonlySet<string>;
  concepts: Map<string, number>[];
  /** The written terms whatever their weight: a server's name among them is a mention. */
  written: ReadonlySet<string>;
  /** The kinds of value the task carries ("48.85, 2.35", "#501", "docs/a.md"), which tools may take as arguments. */
  values: ReadonlySet<ValueKind>;
}

/**
 * A task as concepts: each word the user wrote (repeats add up a little) with its synonyms and the
 * tool words it implies, and each word implied by the task's shape (a URL, a path, a question).
 * A concept counts once per tool, by its best-matching term, so a word with many synonyms does not
 * outweigh a word with none.
 */
export function readTask(task: string, options: QueryOptions = {}): TaskReading {
  const { text, implied, values: valueKinds } = prepare(task);
  // A group is a word, or a phrase's folded word with its own words: one concept either way.
  const groups = new Map<string, { terms: string[]; weight: number }>();
  for (const g of termGroups(text)) {
    const key = g.join(' ');
    const seen = groups.get(key);
    groups.set(key, { terms: g, weight: Math.min(1.5, (seen?.weight ?? 0) + 1) });
  }
  const values = valueTerms(task);
  // The written forms behind each stem, so a lexicon entry applies only to forms of its own word.
  const surfaces = new Map<string, Set<string>>();
  for (const w of words(text)) {
    const t = stem(w);
    surfaces.set(t, (surfaces.get(t) ?? new Set()).add(w));
  }
  const written = new Set([...groups.values()].flatMap((g) => g.terms));
  const concepts: Map<string, number>[] = [];
  for (const { terms: group, weight: counted } of groups.values()) {
    const weight = group.length === 1 && counted === 1 ? (values.get(group[0]!) ?? 1) : counted;
    const concept = new Map(group.map((t) => [t, weight]));
    const raise = (term: string, w: number) => {
      if (!written.has(term)) concept.set(term, Math.max(concept.get(term) ?? 0, w));
    };
    if (options.expand !== false) {
      for (const t of group) {
        // A folded phrase has no written form of its own: its entries all apply.
        const forms = surfaces.get(t);
        const applies = (e: Entry) => !forms || [...forms].some((u) => sameWord(u, e.key));
        for (const e of SYNONYMS.get(t) ?? []) if (applies(e)) for (const syn of e.stems) raise(syn, options.expansionWeight ?? EXPANSION_WEIGHT);
        for (const e of IMPLIED_BY.get(t) ?? []) if (applies(e)) for (const target of e.stems) raise(target, IMPLIES_WEIGHT);
      }
    }
    concepts.push(concept);
  }
  const shapes = new Set<string>();
  for (const alternatives of implied) {
    const stems = alternatives.map((w) => stem(w));
    // Five file names in a task are one hint that it is about files, not five.
    if (shapes.has(stems.join(' ')) || stems.some((t) => written.has(t))) continue;
    shapes.add(stems.join(' '));
    concepts.push(new Map(stems.map((t) => [t, IMPLIED_WEIGHT])));
  }
  return { concepts, written, values: valueKinds, identified: identifiedInTask(task) };
}

export const queryConcepts = (task: string, options: QueryOptions = {}): Map<string, number>[] => readTask(task, options).concepts;

/** Every term of a task's concepts at its highest weight (never lowering a word the user wrote). */
export function queryTerms(task: string, options: QueryOptions = {}): Map<string, number> {
  return flattenConcepts(queryConcepts(task, options));
}

export function flattenConcepts(concepts: readonly ReadonlyMap<string, number>[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const concept of concepts) for (const [t, w] of concept) weights.set(t, Math.max(weights.get(t) ?? 0, w));
  return weights;
}
