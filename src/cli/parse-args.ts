import { parseArgs, type ParseArgsConfig } from 'node:util';
import { SlimError } from '../errors.js';
import { closest } from '../util/closest.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Parse a command's flags; everything after `--` is returned apart (a server's command line,
 * whose own flags are not ours). Mistakes become one-line usage errors that name the flag.
 */
export interface ParsedCommandArgs<V> {
  values: V;
  positionals: string[];
  rest: string[];
}

export function parseCommandArgs<V>(command: string, argv: string[], options: Options): ParsedCommandArgs<V> {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const rest = dash === -1 ? [] : argv.slice(dash + 1);
  try {
    const parsed = parseArgs({ args: own, options, allowPositionals: true, strict: true });
    return { values: parsed.values as V, positionals: parsed.positionals, rest };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const flag = /'(-{1,2}[^'\s]+)/.exec((error as Error).message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag) {
      const guess = closest(flag.replace(/^-+/, ''), Object.keys(options));
      const hint = guess ? `did you mean --${guess}? ` : '';
      throw new SlimError('usage', `unknown option ${flag} for mcp-slim ${command}; ${hint}run mcp-slim ${command} --help (a server's own flags go after --)`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag) {
      throw new SlimError('usage', `option ${flag} of mcp-slim ${command} needs a value; run mcp-slim ${command} --help`);
    }
    throw new SlimError('usage', `${(error as Error).message.split('\n')[0]}; run mcp-slim ${command} --help`);
  }
}

/** A positive integer flag value, or a usage error naming the flag. */
export function positiveInt(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/[_,]/g, ''));
  if (!Number.isFinite(n) || n <= 0) throw new SlimError('usage', `--${flag} must be a positive number, got ${JSON.stringify(value)}`);
  return n;
}

/** A whole number of zero or more, or a usage error naming the flag. */
export function nonNegativeInt(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new SlimError('usage', `--${flag} must be a whole number (0 or more), got ${JSON.stringify(value)}`);
  return n;
}

/** A number of zero or more (a price), or a usage error naming the flag. */
export function nonNegativeNumber(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/^\$/, ''));
  if (!Number.isFinite(n) || n < 0) throw new SlimError('usage', `--${flag} must be a number of dollars (0 or more), got ${JSON.stringify(value)}`);
  return n;
}
