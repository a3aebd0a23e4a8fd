/** The kinds of value a task can hand a tool as an argument, by their shape. */
export type ValueKind = 'email' | 'url' | 'path' | 'coordinates' | 'pixels' | 'size' | 'time' | 'number' | 'channel' | 'key' | 'code' | 'sql' | 'quoted';

/** What the detectors have found in a task so far: the kinds of value, and the words its shape implies (each a set of alternatives). */
export interface Found {
  readonly values: Set<ValueKind>;
  readonly implied: string[][];
}

/** One match of a replacing detector, as String.replace hands it over. */
export interface Match {
  readonly text: string;
  /** The capture groups, in order (undefined where a group took no part). */
  readonly groups: readonly (string | undefined)[];
  /** Where the match starts in `input`. */
  readonly at: number;
  readonly input: string;
}

interface Shape {
  /** For tests and for reading the table. */
  readonly name: string;
  /** The kind recorded per match; none for a detector that only hints (a question) or rewrites (pull 77). */
  readonly kind: ValueKind | undefined;
  /** Words recorded per match. */
  readonly implies: readonly (readonly string[])[];
  /** A cheap guard ("the text has a digit"): the regex does not run where it fails, so it must only fail where the regex cannot match. */
  readonly when?: (text: string) => boolean;
}

/**
 * A shape taken out of the text: each match records the kind and implied words and becomes a
 * space, so later detectors and the words of the task no longer see it. The regex must be global.
 */
export interface Replacing extends Shape {
  readonly replace: RegExp;
  /**
   * For a match that needs judging: records what it found itself and returns what the match
   * becomes (the match as is, to leave it to later detectors).
   */
  readonly judge?: (match: Match, found: Found) => string;
}

/**
 * A shape the task carries as a whole: recorded once, the text left as is. The regex must not be
 * global (a global regex's test() keeps state between calls).
 */
export interface Testing extends Shape {
  readonly test: RegExp;
  /** Test the task as the caller wrote it, before lower-casing: SQL is told from prose by its capitals. */
  readonly written?: boolean;
}

export type Detector = Replacing | Testing;

const record = (found: Found, { kind, implies }: Shape): void => {
  if (kind) found.values.add(kind);
  for (const alternatives of implies) found.implied.push([...alternatives]);
};

/** One detector on the text: what it records goes into `found`; returns the text with what it took out. */
export function applyDetector(detector: Detector, text: string, found: Found, task: string): string {
  if (detector.when && !detector.when(text)) return text;
  if ('test' in detector) {
    if (detector.test.test(detector.written ? task : text)) record(found, detector);
    return text;
  }
  const { judge } = detector;
  return text.replace(detector.replace, (matched: string, ...rest: unknown[]) => {
    if (!judge) return (record(found, detector), ' ');
    // After the groups String.replace passes the offset and the input (and the named groups, which no detector uses).
    const at = rest.findIndex((r) => typeof r === 'number');
    return judge({ text: matched, groups: rest.slice(0, at) as (string | undefined)[], at: rest[at] as number, input: rest[at + 1] as string }, found);
  });
}

/**
 * Whether the text has a digit. The number shapes look behind only where a digit or their anchor
 * word stands, and run only in tasks with a digit: each needs one to match.
 */
export const hasDigit = (text: string): boolean => /\d/.test(text);
