/**
 * The result guard: a tool result too big for the context is cut at a clean boundary and the
 * rest kept in memory, so the agent can read it with `read_result` instead of losing it
 * (seeds/000: Claude Code warns above 10,000 tokens and cuts at 25,000, and what it cuts is gone).
 *
 * `guardResult` is pure apart from putting the full text into the store it is given. Its parts are
 * in result-guard/: text-cut.ts (where to cut), json-boundaries.ts, result-store.ts (the store
 * read_result reads from) and read-result.ts (the read_result tool).
 */
import { formatBytes, formatInt } from '../util/format.js';
import { NOTE_RESERVE, textBlock } from './result-guard/blocks.js';
import { indexJson } from './result-guard/json-boundaries.js';
import type { ResultStore } from './result-guard/result-store.js';
import { cutStructured } from './result-guard/structured-cut.js';
import { cutText, measureTokens, tokensOf, type TokenMeasure } from './result-guard/text-cut.js';

export { readResultCall } from './result-guard/read-result.js';
export { ResultStore } from './result-guard/result-store.js';
export { formatBytes } from '../util/format.js';

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
  /** Who may read the stored text back (a session, and its agent); see ResultStore. */
  owner?: string;
  /**
   * The tool declares an outputSchema: this checks a structuredContent against it. Clients check
   * it too (the SDK's client rejects a result without one), so an oversized structuredContent is
   * cut to a copy that still validates instead of dropped; see structured-cut.ts.
   */
  validateStructured?: (structured: unknown) => boolean;
}

/** What happened to a result's structuredContent. */
export type StructuredFate = 'kept' | 'cut' | 'omitted';

export interface GuardOutcome {
  /** The result to send on: the same object when nothing was cut or warned of. */
  result: ToolResultLike;
  /** o200k tokens of the original content (text blocks' text, other blocks' JSON). */
  tokens: number;
  /** `tokens` is estimated (content of more than 4 M characters; see measureTokens). */
  estimated?: boolean;
  /** o200k tokens of the content sent on, notes included: what the model receives. */
  sentTokens: number;
  /** o200k tokens of the structuredContent sent beside it, when there is one (exact when sent cut or small). */
  structuredTokens?: number;
  warned: boolean;
  cut?: {
    /** Id to pass to read_result; absent when no text was cut (only large non-text blocks left out). */
    id?: string;
    /** Same as `tokens`. */
    totalTokens: number;
    /** Same as `sentTokens`. */
    keptTokens: number;
  };
  /** structuredContent was dropped: the result was cut, or it alone is over maxTokens. */
  structuredDropped?: boolean;
  structured?: StructuredFate;
}

/** Text blocks are joined with this to form the one text read_result reads from. */
const JOIN = '\n\n';

/** Where the guard says what it did, in the result's `_meta` (for clients; the model reads the notes). */
export const GUARD_META = 'mcp-slim/guard';

const isText = (b: ContentBlock): b is ContentBlock & { text: string } => b.type === 'text' && typeof b.text === 'string';
const blockTokens = (b: ContentBlock): number => blockMeasure(b).tokens;
const blockMeasure = (b: ContentBlock): TokenMeasure => measureTokens(isText(b) ? b.text : JSON.stringify(b));

/** o200k tokens of content blocks as the model reads them: the text of text blocks, the JSON of others. */
export function contentTokens(content: unknown): number {
  return Array.isArray(content) ? (content as ContentBlock[]).reduce((sum, b) => sum + blockTokens(b), 0) : 0;
}

function withMeta(result: ToolResultLike, info: Record<string, unknown>): Record<string, unknown> {
  const meta = result._meta && typeof result._meta === 'object' ? (result._meta as Record<string, unknown>) : {};
  return { ...meta, [GUARD_META]: info };
}

/**
 * The structuredContent to send beside content that fits or was cut, and a clause saying what
 * became of it. Without an output schema it holds the same result as the text, so it goes when
 * the text was cut or it is over the limit; with one it must stay and match the schema, so it is
 * kept when it fits and otherwise cut to a copy that validates.
 */
function structuredPart(result: ToolResultLike, textCut: boolean, opts: GuardOptions): { fate?: StructuredFate; value?: unknown; clause?: string; tokens?: number } {
  const structured = result.structuredContent;
  if (structured === undefined) return {};
  const measured = measureTokens(JSON.stringify(structured));
  const size = measured.tokens;
  const about = measured.estimated ? 'about ' : '';
  if (!opts.validateStructured) {
    // As for content, an estimated size never decides that it fits.
    const fits = !measured.estimated && size <= opts.maxTokens;
    if (!textCut && fits) return { fate: 'kept', value: structured, tokens: size };
    return { fate: 'omitted', clause: textCut ? 'structuredContent left out (it holds the whole result)' : `structuredContent left out: ${about}${formatInt(size)} tokens is over the ${formatInt(opts.maxTokens)}-token limit; the content above is the whole result` };
  }
  if (!measured.estimated && size <= opts.maxTokens) return { fate: 'kept', value: structured, tokens: size, ...(textCut ? { clause: "structuredContent kept whole (the tool's output schema requires it)" } : {}) };
  const cut = cutStructured(structured, opts.maxTokens - NOTE_RESERVE, opts.validateStructured);
  const cutTokens = cut === undefined ? 0 : tokensOf(JSON.stringify(cut));
  if (cut !== undefined) return { fate: 'cut', value: cut, tokens: cutTokens, clause: `structuredContent cut to ${formatInt(cutTokens)} of ${about}${formatInt(size)} tokens (long strings and arrays shortened; it still matches the output schema)` };
  return { fate: 'omitted', clause: `structuredContent left out: ${about}${formatInt(size)} tokens, and no shorter copy matches the output schema` };
}

export function guardResult(result: ToolResultLike, opts: GuardOptions): GuardOutcome {
  // A block that is not an object (null from a careless server) cannot be shown; it is dropped, not fatal.
  const given: unknown[] = Array.isArray(result.content) ? result.content : [];
  const blocks = given.filter((b): b is ContentBlock => b !== null && typeof b === 'object');
  const measures = blocks.map(blockMeasure);
  const sizes = measures.map((m) => m.tokens);
  const tokens = sizes.reduce((a, b) => a + b, 0);
  const estimated = measures.some((m) => m.estimated);
  // Only an estimated text makes the text cut uncertain; an image's size is exact enough.
  const textEstimated = blocks.some((b, i) => isText(b) && measures[i]!.estimated);
  const warned = tokens > opts.warnTokens;
  const { structuredContent: _original, ...withoutStructured } = result;

  // An estimate never decides that a result fits (a text of symbols estimated from its first MB
  // can be many times bigger than it looked); and a note must not take a result over the limit.
  const fits = !estimated && tokens <= opts.maxTokens;
  const part = fits ? structuredPart(result, false, opts) : undefined;
  const needsNote = warned || part?.clause !== undefined;
  if (part && (!needsNote || tokens + NOTE_RESERVE <= opts.maxTokens)) {
    const structuredTokens = part.tokens !== undefined ? { structuredTokens: part.tokens } : {};
    if (!needsNote && blocks.length === given.length) return { result, tokens, sentTokens: tokens, warned, ...structuredTokens, ...(part.fate ? { structured: part.fate } : {}) };
    // Claude Code warns above 10k tokens; a note says it where the model reads, so it can ask for less next time.
    const notes = [
      ...(part.clause ? [`[mcp-slim: ${part.clause}]`] : []),
      ...(warned ? [`[mcp-slim: this result is ${formatInt(tokens)} tokens, over the ${formatInt(opts.warnTokens)}-token warning level; where the tool allows, ask for less (a range, a filter, a page)]`] : []),
    ];
    const content = [...blocks, ...notes.map(textBlock)];
    const sentTokens = contentTokens(content);
    const info = { tokens, sentTokens, ...structuredTokens, ...(warned ? { warned: true } : {}), ...(part.fate ? { structured: part.fate } : {}) };
    const out: ToolResultLike = { ...withoutStructured, content, ...(part.value !== undefined ? { structuredContent: part.value } : {}), _meta: withMeta(result, info) };
    return { result: out, tokens, sentTokens, warned, ...structuredTokens, ...(part.fate ? { structured: part.fate } : {}), ...(part.fate === 'omitted' ? { structuredDropped: true } : {}) };
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
  // The blocks were measured already; the joins between them are a token or two each.
  const textTokens = texts.length === 1 ? sizes[blocks.indexOf(texts[0]!)]! : texts.length ? measureTokens(fullText).tokens : 0;
  const clauses: string[] = [];
  let id: string | undefined;
  let keptEnd = fullText.length;
  if (texts.length && (textEstimated || textTokens > Math.max(0, budget))) {
    const cut = cutText(fullText, 0, Math.max(0, budget), indexJson(fullText));
    keptEnd = cut.end;
    id = opts.store.put(fullText, opts.id?.(), opts.owner);
    clauses.push(
      `result cut at ${formatInt(tokensOf(fullText.slice(0, keptEnd)))} of ${textEstimated ? 'about ' : ''}${formatInt(textTokens)} tokens${textEstimated ? ' (estimated from its first MB)' : ''}`,
      `read the rest with read_result(id: "${id}", offset: ${keptEnd})`,
    );
    if (cut.json) clauses.push(`kept: JSON, ${cut.json}`);
  } else {
    clauses.push(`result cut: over the ${formatInt(opts.maxTokens)}-token limit`);
  }
  const cutPart = structuredPart(result, true, opts);
  if (cutPart.clause) clauses.push(cutPart.clause);

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
  const sentTokens = contentTokens(content);
  const structuredTokens = cutPart.tokens !== undefined ? { structuredTokens: cutPart.tokens } : {};
  const info = { tokens, ...(estimated ? { estimated } : {}), sentTokens, ...structuredTokens, warned, cut: true, ...(id === undefined ? {} : { id }), ...(cutPart.fate ? { structured: cutPart.fate } : {}) };
  const guarded: ToolResultLike = { ...withoutStructured, content, ...(cutPart.value !== undefined ? { structuredContent: cutPart.value } : {}), _meta: withMeta(result, info) };
  return {
    result: guarded,
    tokens,
    ...(estimated ? { estimated } : {}),
    sentTokens,
    ...structuredTokens,
    warned,
    cut: { ...(id === undefined ? {} : { id }), totalTokens: tokens, keptTokens: sentTokens },
    ...(cutPart.fate ? { structured: cutPart.fate } : {}),
    ...(cutPart.fate === 'omitted' ? { structuredDropped: true } : {}),
  };
}

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


