import { applyEdits, modify, type JSONPath } from 'jsonc-parser';

export interface JsonEdit {
  path: JSONPath;
  /** undefined removes the key. */
  value: unknown;
}

/**
 * Change values in JSON text in place, keeping the user's key order, indentation, line
 * breaks and every key we do not touch, so a rewrite never loses what they wrote.
 */
/** One level of the text's indentation, as its first indented key has it (two spaces if none is). */
export const indentUnit = (text: string): string => /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';

/** The line ending the text uses: CRLF if any line has it. */
export const eolOf = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

/** Where the line holding `offset` starts. */
export const lineStartOf = (text: string, offset: number): number => text.lastIndexOf('\n', offset - 1) + 1;

/** The spaces and tabs that begin the line holding `offset`. */
export const lineIndent = (text: string, offset: number): string => /^[ \t]*/.exec(text.slice(lineStartOf(text, offset)))![0];

export function editJsonText(text: string, edits: readonly JsonEdit[]): string {
  const indent = indentUnit(text);
  const formattingOptions = { insertSpaces: !indent.includes('\t'), tabSize: indent.includes('\t') ? 1 : indent.length, eol: eolOf(text) };
  let out = text;
  for (const edit of edits) out = applyEdits(out, modify(out, edit.path, edit.value, { formattingOptions }));
  return out;
}
