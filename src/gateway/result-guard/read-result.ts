/** The read_result tool: reading the rest of a cut result from the store, a clean chunk at a time. */
import type { ToolResultLike } from '../result-guard.js';
import { NOTE_RESERVE, textBlock } from './blocks.js';
import type { ResultStore } from './result-store.js';

/** The offset a read_result call asks for: a number, or digits in a string (models quote numbers); 0 when absent. */
export function parseOffset(given: unknown = 0): unknown {
  return typeof given === 'string' && /^\d+$/.test(given) ? Number(given) : given;
}

/** A `read_result` call answered from the store: the chunk and where to go on, or an `isError` result. */
export function readResultCall(store: ResultStore, args: unknown, maxTokens: number, owner?: string): ToolResultLike {
  const { id, offset: given } = (args ?? {}) as { id?: unknown; offset?: unknown };
  const offset = parseOffset(given);
  const error = (text: string): ToolResultLike => ({ content: [textBlock(text)], isError: true });
  if (typeof id !== 'string' || !id) return error('read_result: pass the id from the "[mcp-slim: result cut …]" note, e.g. read_result(id: "3f9a…", offset: 48210)');
  if (typeof offset !== 'number') return error(`read_result: offset must be a number of characters, got ${JSON.stringify(offset)}`);
  const read = store.read(id, offset, Math.max(1, maxTokens - NOTE_RESERVE), owner);
  if ('error' in read) return error(read.error);
  const note = read.nextOffset === undefined
    ? `[mcp-slim: end of result "${id}" (${read.totalChars} characters)]`
    : `[mcp-slim: characters ${offset}–${read.nextOffset} of ${read.totalChars}; read on with read_result(id: "${id}", offset: ${read.nextOffset})]`;
  return { content: [textBlock(read.text), textBlock(note)] };
}
