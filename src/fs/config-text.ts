import { parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';
import { parse as parseTomlDocument, TomlError } from 'smol-toml';
import { SlimError } from '../errors.js';

/** 1-based line and column of a character offset, as editors show them. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: offset - lastBreak };
}

const JSON_PROBLEMS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":" after the property name',
  CommaExpected: 'expected "," between entries',
  CloseBraceExpected: 'expected "}" to close the object',
  CloseBracketExpected: 'expected "]" to close the array',
  EndOfFileExpected: 'unexpected text after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed in this file',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'incomplete number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape sequence',
  InvalidCharacter: 'control character in a string (escape it, e.g. \\n)',
};

/** The comma right before a closing bracket, if that is what the parser tripped over. */
function trailingCommaBefore(text: string, offset: number): number | undefined {
  if (text[offset] !== '}' && text[offset] !== ']') return undefined;
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i] ?? '')) i--;
  return text[i] === ',' ? i : undefined;
}

function describeJsonError(text: string, error: ParseError, lenient: boolean): { offset: number; problem: string } {
  const strictNote = lenient ? '' : ' (this file is plain JSON: no comments or trailing commas)';
  const comma = lenient ? undefined : trailingCommaBefore(text, error.offset);
  if (comma !== undefined) return { offset: comma, problem: `trailing comma; remove it${strictNote}` };
  const code = printParseErrorCode(error.error);
  if (code === 'InvalidCommentToken') return { offset: error.offset, problem: `comments are not allowed; remove it${strictNote}` };
  if (code === 'ValueExpected' && text.trim() === '') {
    return { offset: 0, problem: 'the file is empty; write a JSON object such as {"mcpServers": {}}' };
  }
  return { offset: error.offset, problem: `${JSON_PROBLEMS[code] ?? code}; fix the JSON there` };
}

/**
 * Parses a JSON config. `lenient` allows comments and trailing commas (VS Code, OpenCode);
 * the other clients read strict JSON, so those are errors there, reported as `file:line:col`.
 */
export function parseJsonText(text: string, file: string, lenient: boolean): unknown {
  const errors: ParseError[] = [];
  const data: unknown = parseJsonc(text, errors, { disallowComments: !lenient, allowTrailingComma: lenient });
  const first = errors[0];
  if (first) {
    const { offset, problem } = describeJsonError(text, first, lenient);
    const { line, column } = lineColumn(text, offset);
    throw new SlimError('config', `${file}:${line}:${column}: ${problem}`);
  }
  return data;
}

export function parseTomlText(text: string, file: string): unknown {
  try {
    return parseTomlDocument(text);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    // smol-toml's message repeats the offending lines after a blank line; keep the first line only.
    const problem = (error.message.split('\n')[0] ?? '').replace(/^Invalid TOML document:\s*/, '');
    throw new SlimError('config', `${file}:${error.line}:${error.column}: ${problem}; fix the TOML there`);
  }
}
