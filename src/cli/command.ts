import { parseCommandArgs, type ParsedCommandArgs } from './parse-args.js';

/**
 * One flag, declared once: its type for the parser, the value's name and its help line. Help
 * text, the parser's options and the type of the parsed values all come from this.
 */
export type Flag =
  | { type: 'boolean'; short?: string; help: string; section?: string }
  | { type: 'string'; short?: string; multiple?: true; value: string; help: string; section?: string };

export type Flags = Record<string, Flag>;

/** What the parser gives back for a set of flags: a boolean, a string, or a list for a repeatable flag. */
export type FlagValues<F extends Flags> = {
  [K in keyof F]?: F[K] extends { type: 'boolean' } ? boolean : F[K] extends { multiple: true } ? string[] : string;
};

export interface CommandSpec<F extends Flags> {
  name: string;
  /** The first line of the help, after "mcp-slim <name>: ". */
  summary: string;
  /** Usage lines, without the leading "mcp-slim ". */
  usage: readonly string[];
  /** Text between the usage and the flags. */
  intro?: string;
  flags: F;
  /** Section id → the heading its flags go under, in the order shown. A flag without a section goes under "Options". */
  sections?: Readonly<Record<string, string>>;
  /** Lines after the flags: notes and exit codes. */
  footer?: string;
}

export interface Command<F extends Flags> {
  name: string;
  help: string;
  flags: F;
  parse(argv: string[]): ParsedCommandArgs<FlagValues<F> & { help?: boolean }>;
}

const HELP_FLAG = { type: 'boolean', short: 'h', help: 'this help' } as const;
const WIDTH = 100;
/** A longer label goes on its own line, so that one long flag does not push its section's help to the right. */
const MAX_LABEL = 26;

function label(name: string, flag: Flag): string {
  const short = flag.short ? `-${flag.short}, ` : '';
  return `${short}--${name}${flag.type === 'string' ? ` ${flag.value}` : ''}`;
}

/** Help lines for some flags: labels in one column, help beside them, wrapped under itself. */
function flagLines(flags: Flags): string[] {
  const entries = Object.entries(flags);
  const column = Math.max(0, ...entries.map(([name, flag]) => label(name, flag).length).filter((n) => n <= MAX_LABEL)) + 2;
  const out: string[] = [];
  for (const [name, flag] of entries) {
    const head = `  ${label(name, flag)}`;
    const lines = wrap(flag.help, WIDTH - column - 2);
    if (head.length + 1 > column + 2) out.push(head);
    lines.forEach((line, i) => {
      const prefix = i === 0 && head.length + 1 <= column + 2 ? head.padEnd(column + 2) : ' '.repeat(column + 2);
      out.push(`${prefix}${line}`);
    });
  }
  return out;
}

/** Words to lines of at most `width`; a newline in the text always breaks. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines;
}

function renderHelp<F extends Flags>(spec: CommandSpec<F>, flags: Flags): string {
  const sections = { ...spec.sections, '': spec.sections?.[''] ?? 'Options:' };
  const blocks: string[] = [`mcp-slim ${spec.name}: ${spec.summary}`, ['Usage:', ...spec.usage.map((u) => `  mcp-slim ${u}`)].join('\n')];
  if (spec.intro) blocks.push(spec.intro);
  for (const [id, heading] of Object.entries(sections)) {
    const own = Object.fromEntries(Object.entries(flags).filter(([, flag]) => (flag.section ?? '') === id));
    if (Object.keys(own).length) blocks.push([heading, ...flagLines(own)].join('\n'));
  }
  if (spec.footer) blocks.push(spec.footer);
  return blocks.join('\n\n');
}

/** A command's flags, help and parser from one declaration (`-h, --help` is added). */
export function defineCommand<const F extends Flags>(spec: CommandSpec<F>): Command<F> {
  const flags: Flags = { ...spec.flags, help: HELP_FLAG };
  const options = Object.fromEntries(
    Object.entries(flags).map(([name, flag]) => [
      name,
      { type: flag.type, ...(flag.short ? { short: flag.short } : {}), ...(flag.type === 'string' && flag.multiple ? { multiple: true } : {}) },
    ]),
  );
  return {
    name: spec.name,
    flags: spec.flags,
    help: renderHelp(spec, flags),
    parse: (argv) => parseCommandArgs(spec.name, argv, options),
  };
}
