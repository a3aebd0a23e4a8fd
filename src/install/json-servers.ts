import { createScanner, findNodeAtLocation, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { SlimError } from '../errors.js';
import { editJsonText, eolOf, indentUnit, lineIndent, lineStartOf } from '../fs/edit-json.js';
import type { ServerChunk, ServerTable } from './server-table.js';

/**
 * Server entries of a JSON or JSONC config, moved as text: an entry leaves with the comment lines
 * right above it and the comment at the end of its line, and comes back the same way, so a move
 * and its undo lose no line of what the user wrote. Everything outside the entries is untouched.
 */

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read: its values.
const COMMA = 5;
const TRIVIA: ReadonlySet<number> = new Set([12, 13, 14, 15]);

function tree(text: string, file: string): Node | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length) throw new SlimError('config', `${file}: not valid JSON; fix it before mcp-slim edits it`);
  return root;
}

/** The first token at or after `offset` that is not whitespace or a comment. */
function nextToken(text: string, offset: number): { kind: number; offset: number } {
  const scanner = createScanner(text, false);
  scanner.setPosition(offset);
  for (;;) {
    const kind = scanner.scan();
    if (!TRIVIA.has(kind)) return { kind, offset: scanner.getTokenOffset() };
  }
}

function lineEndOf(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end === -1 ? text.length : end;
}

const COMMENT_LINE = /^\s*(\/\/.*|\/\*.*\*\/\s*)$/;

/** Where one property's text begins and ends, with what belongs to it on its lines. */
interface Span {
  name: string;
  /** The property's own text: key through value. */
  keyStart: number;
  valueEnd: number;
  /** The comma after the value, if any. */
  comma?: number;
  /** Whole lines [from, to) when the property sits on lines of its own (with its comments), else undefined. */
  lines?: { from: number; to: number; indent: string; trailing: string };
}

function spanOf(text: string, property: Node): Span {
  const [key, value] = property.children ?? [];
  if (!key || !value) throw new Error('a property node without key or value');
  const keyStart = key.offset;
  const valueEnd = value.offset + value.length;
  const next = nextToken(text, valueEnd);
  const comma = next.kind === COMMA ? next.offset : undefined;
  const span: Span = { name: String(key.value), keyStart, valueEnd, ...(comma !== undefined ? { comma } : {}) };
  const lineStart = lineStartOf(text, keyStart);
  const indent = text.slice(lineStart, keyStart);
  const afterValue = comma !== undefined && !text.slice(valueEnd, comma).includes('\n') ? comma + 1 : valueEnd;
  const eol = lineEndOf(text, afterValue);
  const tail = text.slice(afterValue, eol);
  if (!/^\s*$/.test(indent) || !/^\s*(\/\/.*|\/\*.*\*\/\s*)?\s*$/.test(tail)) return span;
  let from = lineStart;
  // Comment lines right above the key travel with it.
  while (from > 0) {
    const prevStart = lineStartOf(text, from - 1);
    const prev = text.slice(prevStart, from - 1).replace(/\r$/, '');
    if (!COMMENT_LINE.test(prev)) break;
    from = prevStart;
  }
  const to = eol < text.length ? eol + 1 : eol;
  return { ...span, lines: { from, to, indent, trailing: tail.trim() } };
}

function objectAt(text: string, path: (string | number)[], file: string): Node | undefined {
  const root = tree(text, file);
  const node = root && findNodeAtLocation(root, path);
  if (node && node.type !== 'object') {
    throw new SlimError('config', `${file}: "${path.join('.')}" is not an object; fix it before mcp-slim edits it`);
  }
  return node;
}

/** A chunk's lines, with the indentation they had in the file taken off (and no line ends). */
function chunkOf(text: string, span: Span): ServerChunk {
  if (!span.lines) return { name: span.name, lines: [text.slice(span.keyStart, span.valueEnd)] };
  const { from, indent, trailing } = span.lines;
  const split = (t: string) => t.split('\n').map((line) => line.replace(/\r$/, ''));
  const above = split(text.slice(from, lineStartOf(text, span.keyStart))).slice(0, -1);
  const body = split(text.slice(span.keyStart, span.valueEnd));
  const dedent = (line: string) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
  return { name: span.name, lines: [...above.map(dedent), body[0] ?? '', ...body.slice(1).map(dedent)], ...(trailing ? { comment: trailing } : {}) };
}

/** Entries as lines at an indentation: a comma after each value but the last, then its comment. */
function renderChunks(chunks: readonly ServerChunk[], indent: string, eol: string, commaAfterLast: boolean): string {
  return chunks
    .map((c, i) => {
      const comma = i < chunks.length - 1 || commaAfterLast ? ',' : '';
      const lines = c.lines.map((l) => `${indent}${l}`);
      lines[lines.length - 1] = `${lines.at(-1)}${comma}${c.comment ? ` ${c.comment}` : ''}`;
      return lines.join(eol);
    })
    .join(eol);
}

export function jsonServerTable(root: readonly string[], file: string): ServerTable {
  const path = [...root];
  return {
    format: 'json',
    chunks(text) {
      const node = objectAt(text, path, file);
      return (node?.children ?? []).map((property) => chunkOf(text, spanOf(text, property)));
    },

    remove(text, names) {
      const node = objectAt(text, path, file);
      const props = node?.children ?? [];
      const spans = props.map((p) => spanOf(text, p));
      const gone = new Set(names);
      const cuts: [number, number][] = [];
      for (const span of spans) {
        if (!gone.has(span.name)) continue;
        if (span.lines) cuts.push([span.lines.from, span.lines.to]);
        else cuts.push([span.keyStart, span.comma !== undefined ? span.comma + 1 : span.valueEnd]);
      }
      // The last entry has no comma of its own: when it goes, the comma of the last one kept goes too.
      const lastKept = [...spans].reverse().find((s) => !gone.has(s.name));
      const tailRemoved = spans.length > 0 && gone.has(spans.at(-1)!.name);
      if (tailRemoved && lastKept?.comma !== undefined && !spans.at(-1)!.comma) cuts.push([lastKept.comma, lastKept.comma + 1]);
      let out = text;
      for (const [from, to] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, from) + out.slice(to);
      return out;
    },

    set: (text, name, value) => editJsonText(text, [{ path: [...path, name], value }]),

    insert(text, chunks) {
      if (!chunks.length) return text;
      const out = objectAt(text, path, file) ? text : editJsonText(text, [{ path, value: {} }]);
      const eol = eolOf(out);
      const node = objectAt(out, path, file);
      if (!node) throw new SlimError('config', `${file}: cannot create "${path.join('.')}"`);
      const unit = indentUnit(out);
      const objectIndent = lineIndent(out, node.offset);
      const props = node.children ?? [];
      const last = props.at(-1);
      const inner = last ? (out.slice(lineStartOf(out, last.offset), last.offset).match(/^\s*/)?.[0] ?? `${objectIndent}${unit}`) : `${objectIndent}${unit}`;
      if (!last) {
        // An object with no entries: ours go before its closing brace, after any comment in it.
        const open = node.offset + 1;
        const close = node.offset + node.length - 1;
        const inside = out.slice(open, close).replace(/\s+$/, '');
        return `${out.slice(0, open)}${inside}${eol}${renderChunks(chunks, inner, eol, false)}${eol}${objectIndent}${out.slice(close)}`;
      }
      const span = spanOf(out, last);
      if (span.lines) {
        // After the last entry's line(s), with a comma after its value unless it has one (then ours keep that style).
        const at = span.lines.to;
        const needsNewline = at === out.length || out[at - 1] !== '\n';
        const insert = `${needsNewline ? eol : ''}${renderChunks(chunks, inner, eol, span.comma !== undefined)}${eol}`;
        const withEntries = out.slice(0, at) + insert + out.slice(at);
        return span.comma === undefined ? `${withEntries.slice(0, span.valueEnd)},${withEntries.slice(span.valueEnd)}` : withEntries;
      }
      // Entries on one line with others: ours go on that line too.
      const at = span.comma !== undefined ? span.comma + 1 : span.valueEnd;
      const oneLine = chunks.map((c) => `${c.lines.map((l) => l.trim()).join(' ')}`).join(', ');
      return `${out.slice(0, at)}${span.comma !== undefined ? '' : ','} ${oneLine}${span.comma !== undefined ? ',' : ''}${out.slice(at)}`;
    },

    newFile(chunks, rootKey) {
      const body = renderChunks(chunks, '    ', '\n', false);
      return `{\n  ${JSON.stringify(rootKey)}: {${chunks.length ? `\n${body}\n  ` : ''}}\n}\n`;
    },
  };
}
