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
import { cutText, tokensOf } from './result-guard/text-cut.js';

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
  /**
   * The tool declares an outputSchema. Clients check structuredContent against it (the SDK's
   * client rejects a result without it), so it stays even when the text is cut: the text is what
   * the model reads, the structured copy is for the client.
   */
  keepStructured?: boolean;
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
    if (structuredTokens <= opts.maxTokens || opts.keepStructured) return { result, tokens, warned };
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
  const dropStructured = result.structuredContent !== undefined && !opts.keepStructured;
  if (dropStructured) clauses.push('structuredContent left out (it holds the whole result)');
  else if (result.structuredContent !== undefined) clauses.push('structuredContent kept whole (the tool\'s output schema requires it)');

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
  const guarded: ToolResultLike = dropStructured ? { ...rest, content } : { ...result, content };
  return {
    result: guarded,
    tokens,
    warned,
    cut: { ...(id === undefined ? {} : { id }), totalTokens: tokens, keptTokens: content.reduce((a, b) => a + blockTokens(b), 0) },
    ...(dropStructured ? { structuredDropped: true } : {}),
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


