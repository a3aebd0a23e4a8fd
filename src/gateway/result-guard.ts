/**
 * The result guard: a tool result too big for the context is cut at a clean boundary and the
 * rest kept in memory, so the agent can read it with `read_result` instead of losing it
 * (seeds/000: Claude Code warns above 10,000 tokens and cuts at 25,000, and what it cuts is gone).
 *
 * `guardResult` is pure apart from putting the full text into the store it is given.
 */
import { randomBytes } from 'node:crypto';
import { decode, encode } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens } from '../cost/tokenizer.js';
import { formatInt } from '../util/format.js';

/** One `content[]` block of a tool result, as loose as the wire allows. */
export interface ContentBlock {
  type: string;
  [key: string]: unknown;
}

/** A `CallToolResult` (or anything shaped like one): only `content` and `structuredContent` are read. */
export interface ToolResultLike {
  content?: ContentBlock[];
  structuredContent?: unknown;
  isError?: boolean;
  [key: string]: unknown;
}

export interface GuardOptions {
  warnTokens: number;
  maxTokens: number;
  store: ResultStore;
  /** Id for the stored full text; the store makes one when absent. */
  id?: () => string;
}

export interface GuardOutcome {
  /** The result to send on: the same object when nothing was cut. */
  result: ToolResultLike;
  /** o200k tokens of the original content (text blocks' text, other blocks' JSON). */
  tokens: number;
  warned: boolean;
  cut?: {
    /** Id to pass to read_result; absent when no text was cut (only large non-text blocks left out). */
    id?: string;
    /** Same as `tokens`. */
    totalTokens: number;
    /** o200k tokens of the content sent on, notes included. */
    keptTokens: number;
  };
  /** structuredContent was dropped: the result was cut, or it alone is over maxTokens. */
  structuredDropped?: boolean;
}

const ORDINARY = { disallowedSpecial: new Set<string>() };
/** Room kept for the note appended to a cut result (a note with every clause is about 80 tokens). */
const NOTE_RESERVE = 120;
/** Text blocks are joined with this to form the one text read_result reads from. */
const JOIN = '\n\n';

const isText = (b: ContentBlock): b is ContentBlock & { text: string } => b.type === 'text' && typeof b.text === 'string';
const blockTokens = (b: ContentBlock): number => tokensOf(isText(b) ? b.text : JSON.stringify(b));

export function guardResult(result: ToolResultLike, opts: GuardOptions): GuardOutcome {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const sizes = blocks.map(blockTokens);
  const tokens = sizes.reduce((a, b) => a + b, 0);
  const warned = tokens > opts.warnTokens;
  const structuredTokens = result.structuredContent === undefined ? 0 : tokensOf(JSON.stringify(result.structuredContent));

  if (tokens <= opts.maxTokens) {
    if (structuredTokens <= opts.maxTokens) return { result, tokens, warned };
    // The text fits; a structured copy over the limit would bring the flood back in clients that show it.
    const note = `[mcp-slim: structuredContent left out: ${formatInt(structuredTokens)} tokens is over the ${formatInt(opts.maxTokens)}-token limit; the content above is the whole result]`;
    const { structuredContent: _dropped, ...rest } = result;
    return { result: { ...rest, content: [...blocks, textBlock(note)] }, tokens, warned, structuredDropped: true };
  }

  // Blocks that cannot be cut (images, audio, resources) are decided first: what stays of them
  // cannot be read back, while cut text can.
  let budget = opts.maxTokens - NOTE_RESERVE;
  const out: (ContentBlock | undefined)[] = blocks.map((block, i) => {
    if (isText(block)) return undefined;
    const size = sizes[i]!;
    if (size <= budget) {
      budget -= size;
      return block;
    }
    const note = textBlock(nonTextNote(block, size, opts.maxTokens));
    budget -= blockTokens(note);
    return note;
  });

  const texts = blocks.filter(isText);
  const fullText = texts.map((b) => b.text).join(JOIN);
  const textTokens = tokensOf(fullText);
  const clauses: string[] = [];
  let id: string | undefined;
  let keptEnd = fullText.length;
  if (textTokens > Math.max(0, budget)) {
    const cut = cutText(fullText, 0, Math.max(0, budget), indexJson(fullText));
    keptEnd = cut.end;
    id = opts.store.put(fullText, opts.id?.());
    clauses.push(
      `result cut at ${formatInt(tokensOf(fullText.slice(0, keptEnd)))} of ${formatInt(textTokens)} tokens`,
      `read the rest with read_result(id: "${id}", offset: ${keptEnd})`,
    );
    if (cut.json) clauses.push(`kept: JSON, ${cut.json}`);
  } else {
    clauses.push(`result cut: over the ${formatInt(opts.maxTokens)}-token limit`);
  }
  if (result.structuredContent !== undefined) clauses.push('structuredContent left out (it holds the whole result)');

  // Put the kept text back into the blocks it came from, in their places.
  let start = 0;
  blocks.forEach((block, i) => {
    if (!isText(block)) return;
    const end = start + block.text.length;
    if (end <= keptEnd) out[i] = block;
    else if (start < keptEnd) out[i] = { ...block, text: block.text.slice(0, keptEnd - start) };
    start = end + JOIN.length;
  });
  const content = [...out.filter((b): b is ContentBlock => b !== undefined), textBlock(`[mcp-slim: ${clauses.join('; ')}]`)];
  const { structuredContent: _dropped, ...rest } = result;
  const guarded: ToolResultLike = { ...rest, content };
  return {
    result: guarded,
    tokens,
    warned,
    cut: { ...(id === undefined ? {} : { id }), totalTokens: tokens, keptTokens: content.reduce((a, b) => a + blockTokens(b), 0) },
    ...(result.structuredContent === undefined ? {} : { structuredDropped: true }),
  };
}

const textBlock = (text: string): ContentBlock => ({ type: 'text', text });

function nonTextNote(block: ContentBlock, tokens: number, maxTokens: number): string {
  const resource = (block.resource ?? {}) as { uri?: unknown; mimeType?: unknown; blob?: unknown; text?: unknown };
  const mime = typeof block.mimeType === 'string' ? block.mimeType : typeof resource.mimeType === 'string' ? resource.mimeType : undefined;
  const uri = typeof resource.uri === 'string' ? resource.uri : typeof block.uri === 'string' ? block.uri : undefined;
  const payload = typeof block.data === 'string' ? block.data : typeof resource.blob === 'string' ? resource.blob : undefined;
  // base64 carries 3 bytes in 4 characters; text is measured as it is.
  const bytes = payload !== undefined ? Math.floor((payload.length * 3) / 4) : Buffer.byteLength(typeof resource.text === 'string' ? resource.text : JSON.stringify(block));
  const what = [mime, uri].filter(Boolean).join(', ');
  return `[mcp-slim: ${block.type} content${what ? ` (${what})` : ''} of ${formatBytes(bytes)} left out: its ${formatInt(tokens)} tokens are over the ${formatInt(maxTokens)}-token limit]`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

// ---------------------------------------------------------------------------------------------
// Where to cut

interface Cut {
  end: number;
  /** What the kept JSON is, when the cut fell between elements or members. */
  json?: string;
}

/**
 * The end of the longest clean chunk of `text` from `start` within `budget` o200k tokens: between
 * JSON elements when `json` is given, else after the last paragraph break, line break, sentence
 * end or whitespace. A boundary is only taken when it keeps at least half of what fits, so one
 * early blank line never throws away most of the budget; failing that, a hard cut between
 * graphemes (never inside a surrogate pair or an emoji sequence).
 */
export function cutText(text: string, start: number, budget: number, json?: JsonBoundary[]): Cut {
  for (let attempt = 0, room = budget; attempt < 6; attempt++) {
    const fit = fitEnd(text, start, room);
    if (fit >= text.length) return { end: text.length };
    const cut = cleanEnd(text, start, fit, json);
    const used = tokensOf(text.slice(start, cut.end));
    // BPE of a prefix can differ from the prefix of the BPE by a token or two at the end.
    if (used <= budget) return cut;
    room -= used - budget + 1;
  }
  return { end: start };
}

/** Largest end such that text[start, end) encodes in about `budget` tokens (checked by the caller). */
function fitEnd(text: string, start: number, budget: number): number {
  if (budget <= 0) return start;
  // Bound the work on huge texts: o200k tokens average far fewer characters than this.
  const windowEnd = Math.min(text.length, start + budget * 32);
  let pos = start;
  let left = budget;
  for (const piece of pieces(text.slice(start, windowEnd))) {
    const tokens = encode(piece, ORDINARY);
    if (tokens.length <= left) {
      left -= tokens.length;
      pos += piece.length;
      continue;
    }
    const prefix = decode(tokens.slice(0, left));
    // A token boundary inside a multi-byte character decodes to U+FFFD: keep only what matches.
    let n = 0;
    if (piece.startsWith(prefix)) n = prefix.length;
    else while (n < prefix.length && prefix.charCodeAt(n) === piece.charCodeAt(n)) n++;
    return surrogateFloor(text, pos + n);
  }
  return windowEnd;
}

/**
 * BPE is quadratic in the length of one pre-token, and a run of letters or of symbols (emoji)
 * with no break is one pre-token: 200 KB of it takes seconds to count. Such runs are counted in
 * pieces, which can add a token per piece; everything else is counted exactly.
 */
const GIANT_RUN = /[\p{L}\p{M}]{1024,}|[^\s\p{L}\p{N}]{1024,}/u;
const PIECE = 512;

function tokensOf(text: string): number {
  if (!GIANT_RUN.test(text)) return countTokens(text, 'o200k_base');
  let sum = 0;
  for (const piece of pieces(text)) sum += countTokens(piece, 'o200k_base');
  return sum;
}

function* pieces(text: string): Generator<string> {
  let last = 0;
  for (const m of text.matchAll(new RegExp(GIANT_RUN, 'gu'))) {
    if (m.index > last) yield text.slice(last, m.index);
    const end = m.index + m[0].length;
    for (let i = m.index; i < end; ) {
      let j = Math.min(end, i + PIECE);
      if (j < end) j = surrogateFloor(text, j);
      yield text.slice(i, j);
      i = j;
    }
    last = end;
  }
  if (last < text.length) yield text.slice(last);
}

const PROSE: readonly RegExp[] = [
  /(?:\r?\n[ \t]*){2,}/g, // paragraph break
  /\n/g, // line break
  /[.!?…]["'”’)\]]*\s+|[。！？]+/g, // sentence end (CJK sentence ends need no space)
  /\s+/g, // whitespace
];

function cleanEnd(text: string, start: number, fit: number, json?: JsonBoundary[]): Cut {
  const floor = start + Math.ceil((fit - start) / 2);
  if (json) {
    let best: JsonBoundary | undefined;
    for (let i = lastAtOrBefore(json, fit); i >= 0 && json[i]!.pos >= floor; i--) {
      if (!best || json[i]!.depth < best.depth) best = json[i];
    }
    if (best) return { end: best.pos, json: describeJson(best) };
  }
  const window = text.slice(floor, fit);
  for (const pattern of PROSE) {
    let end = -1;
    for (const m of window.matchAll(pattern)) end = m.index + m[0].length;
    if (end > 0) return { end: floor + end };
  }
  return { end: graphemeFloor(text, fit, start) };
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

function surrogateFloor(text: string, pos: number): number {
  return pos > 0 && pos < text.length && isHigh(text.charCodeAt(pos - 1)) && isLow(text.charCodeAt(pos)) ? pos - 1 : pos;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

function graphemeFloor(text: string, pos: number, floor: number): number {
  const from = Math.max(floor, pos - 64);
  let best = -1;
  for (const { index } of graphemes.segment(text.slice(from, Math.min(text.length, pos + 64)))) {
    if (from + index > pos) break;
    best = from + index;
  }
  // No boundary found nearby (a sequence longer than the window): at least keep pairs whole.
  return best > from ? best : surrogateFloor(text, pos);
}

// ---------------------------------------------------------------------------------------------
// JSON boundaries

interface JsonContainer {
  kind: 'array' | 'object';
  /** `.items[3].rows`; empty for the top level. */
  path: string;
  /** Elements or members, known once the container closes. */
  size: number;
}

export interface JsonBoundary {
  /** Just after a comma between two elements (or members). */
  pos: number;
  depth: number;
  container: JsonContainer;
  /** Elements before the comma. */
  before: number;
}

const MAX_DEPTH = 3;

/** The commas between elements of the outer containers of a JSON text, or undefined when it is not JSON. */
export function indexJson(text: string): JsonBoundary[] | undefined {
  const first = text.search(/\S/);
  if (first < 0 || (text[first] !== '{' && text[first] !== '[')) return undefined;
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  const boundaries: JsonBoundary[] = [];
  const stack: { c: JsonContainer; commas: number; empty: boolean; key?: string; expectKey: boolean }[] = [];
  for (let i = first; i < text.length; i++) {
    const ch = text[i]!;
    const top = stack[stack.length - 1];
    if (ch === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (top) {
        top.empty = false;
        if (top.c.kind === 'object' && top.expectKey) {
          top.key = JSON.parse(text.slice(i, j + 1)) as string;
          top.expectKey = false;
        }
      }
      i = j;
    } else if (ch === '{' || ch === '[') {
      let path = '';
      if (top) {
        top.empty = false;
        path = top.c.path + (top.c.kind === 'array' ? `[${top.commas}]` : keySegment(top.key ?? ''));
      }
      stack.push({ c: { kind: ch === '{' ? 'object' : 'array', path, size: 0 }, commas: 0, empty: true, expectKey: ch === '{' });
    } else if (ch === '}' || ch === ']') {
      const done = stack.pop()!;
      done.c.size = done.empty ? 0 : done.commas + 1;
    } else if (ch === ',' && top) {
      top.commas++;
      if (stack.length <= MAX_DEPTH) boundaries.push({ pos: i + 1, depth: stack.length, container: top.c, before: top.commas });
      if (top.c.kind === 'object') top.expectKey = true;
    } else if (top && ch !== ':' && ch !== ' ' && ch !== '\n' && ch !== '\r' && ch !== '\t') {
      top.empty = false;
    }
  }
  return boundaries;
}

const keySegment = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);

function describeJson(b: JsonBoundary): string {
  const { kind, path, size } = b.container;
  const unit = kind === 'array' ? 'elements' : 'members';
  return `the first ${formatInt(b.before)} of ${formatInt(size)} ${unit} of ${path ? path : `the top-level ${kind}`}`;
}

function lastAtOrBefore(list: readonly JsonBoundary[], pos: number): number {
  let lo = 0;
  let hi = list.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.pos <= pos) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// The store read_result reads from

export interface ResultStoreOptions {
  /** Total UTF-8 bytes of the texts kept; the least recently used go first. Default 64 MB. */
  maxBytes?: number;
  /** A text not read for this long is dropped. Default 30 minutes. */
  maxAgeMs?: number;
  now?: () => number;
  id?: () => string;
}

export type ReadOutcome = { text: string; nextOffset?: number; totalChars: number } | { error: string };

interface Stored {
  text: string;
  bytes: number;
  usedAt: number;
  json?: JsonBoundary[] | null;
}

/** An in-memory LRU of cut results, by total bytes and by age since last use. No timers: it is pruned on use. */
export class ResultStore {
  readonly maxBytes: number;
  readonly maxAgeMs: number;
  private readonly entries = new Map<string, Stored>();
  /** Why recent ids are gone, so an agent is told "expired" rather than "unknown". */
  private readonly gone = new Map<string, 'expired' | 'evicted'>();
  private bytes = 0;
  private readonly now: () => number;
  private readonly makeId: () => string;

  constructor(options: ResultStoreOptions = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.maxAgeMs = options.maxAgeMs ?? 30 * 60 * 1000;
    this.now = options.now ?? Date.now;
    this.makeId = options.id ?? (() => randomBytes(6).toString('hex'));
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /** Keep a full text; returns its id. A text bigger than maxBytes is still kept, alone. */
  put(fullText: string, id?: string): string {
    this.prune();
    let key = id ?? this.makeId();
    while (id === undefined && this.entries.has(key)) key = this.makeId();
    this.remove(key, undefined);
    const bytes = Buffer.byteLength(fullText, 'utf8');
    this.entries.set(key, { text: fullText, bytes, usedAt: this.now() });
    this.bytes += bytes;
    for (const [old] of this.entries) {
      if (this.bytes <= this.maxBytes || old === key) break;
      this.remove(old, 'evicted');
    }
    return key;
  }

  /** The next clean chunk of at most maxTokens from offset, or an error to return as an `isError` result. */
  read(id: string, offset: number, maxTokens: number): ReadOutcome {
    this.prune();
    const entry = this.entries.get(id);
    if (!entry) {
      const why = this.gone.get(id);
      if (why === 'expired') return { error: `read_result: result "${id}" has expired (cut results are kept ${Math.round(this.maxAgeMs / 60000)} minutes after their last read); call the tool again` };
      if (why === 'evicted') return { error: `read_result: result "${id}" was dropped to make room for newer ones (cut results are kept up to ${formatBytes(this.maxBytes)} in all); call the tool again` };
      return { error: `read_result: no cut result has id "${id}"; use the id from the "[mcp-slim: result cut …]" note at the end of a result` };
    }
    const { text } = entry;
    if (!Number.isInteger(offset) || offset < 0) return { error: `read_result: offset must be a whole number of characters from 0, got ${JSON.stringify(offset)}` };
    if (offset > text.length) return { error: `read_result: offset ${offset} is past the end of result "${id}" (${text.length} characters)` };
    entry.usedAt = this.now();
    this.entries.delete(id);
    this.entries.set(id, entry);
    if (entry.json === undefined) entry.json = indexJson(text) ?? null;
    let { end } = cutText(text, offset, maxTokens, entry.json ?? undefined);
    // Always move on, even when the budget is smaller than the next character.
    if (end <= offset && offset < text.length) end = offset + (text.codePointAt(offset)! > 0xffff ? 2 : 1);
    return { text: text.slice(offset, end), totalChars: text.length, ...(end < text.length ? { nextOffset: end } : {}) };
  }

  private prune(): void {
    const oldest = this.now() - this.maxAgeMs;
    for (const [id, entry] of this.entries) if (entry.usedAt < oldest) this.remove(id, 'expired');
  }

  private remove(id: string, why: 'expired' | 'evicted' | undefined): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= entry.bytes;
    if (!why) return;
    this.gone.set(id, why);
    if (this.gone.size > 1000) this.gone.delete(this.gone.keys().next().value!);
  }
}

// ---------------------------------------------------------------------------------------------
// The read_result tool

export const READ_RESULT_TOOL = {
  name: 'read_result',
  description: 'Read more of a tool result that mcp-slim cut to fit the context. Pass the id and offset from the "[mcp-slim: result cut …]" note at the end of the cut result; each answer ends with the offset to read next.',
  inputSchema: {
    type: 'object',
    properties: {
      id: { type: 'string', description: 'The id in the note.' },
      offset: { type: 'integer', minimum: 0, description: 'Character offset to read from, as given in the note.' },
    },
    required: ['id'],
  },
} as const;

/** A `read_result` call answered from the store: the chunk and where to go on, or an `isError` result. */
export function readResultCall(store: ResultStore, args: unknown, maxTokens: number): ToolResultLike {
  const { id, offset: given = 0 } = (args ?? {}) as { id?: unknown; offset?: unknown };
  // Models sometimes quote numbers.
  const offset = typeof given === 'string' && /^\d+$/.test(given) ? Number(given) : given;
  const error = (text: string): ToolResultLike => ({ content: [textBlock(text)], isError: true });
  if (typeof id !== 'string' || !id) return error('read_result: pass the id from the "[mcp-slim: result cut …]" note, e.g. read_result(id: "3f9a…", offset: 48210)');
  if (typeof offset !== 'number') return error(`read_result: offset must be a number of characters, got ${JSON.stringify(offset)}`);
  const read = store.read(id, offset, Math.max(1, maxTokens - NOTE_RESERVE));
  if ('error' in read) return error(read.error);
  const note = read.nextOffset === undefined
    ? `[mcp-slim: end of result "${id}" (${read.totalChars} characters)]`
    : `[mcp-slim: characters ${offset}–${read.nextOffset} of ${read.totalChars}; read on with read_result(id: "${id}", offset: ${read.nextOffset})]`;
  return { content: [textBlock(read.text), textBlock(note)] };
}
