/**
 * What the index knows of each tool beyond its document, and the features a task reads from it
 * (FEATURES in features.ts): the lifts and setbacks the fitted weights apply.
 */
import { FEATURE_AT as F, FEATURES, type FeatureVector } from './features.js';
import type { Mode } from './intent.js';
import { opposesTask, type opposedVerbs } from './opposites.js';
import type { ValueKind } from './query.js';

/** Whether two sets share a member (a loop, not a spread: it runs for every scored tool). */
export function overlaps<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  for (const k of a) if (b.has(k)) return true;
  return false;
}

/** Values a user gives or not at all: a tool that needs screen positions or coordinates the task does not carry fits it less. */
const UNSAID: ReadonlySet<ValueKind> = new Set(['pixels', 'coordinates']);

/** What the index keeps of a tool besides its document: what the lifts read. */
export interface IndexedTool {
  /** `server/tool`. */
  id: string;
  server: string;
  tool: string;
  /** The name's terms, each once. */
  name: readonly string[];
  mode: Mode | undefined;
  /** The kinds of value its required parameters take. */
  takes: ReadonlySet<ValueKind>;
  /** It goes to a web address: its name says navigate or goto and it takes a URL. */
  navigates: boolean;
  /** The kinds of thing its required identifiers name (`commentId` → comment). */
  ids: ReadonlySet<string>;
  /** One of those is the thing its own name acts on (get_console_message: msgid). */
  needsOwnId: boolean;
  /** None of its parameters could hold a file's path (holdsPath says no, not "unknown"). */
  cannotHoldPath: boolean;
  /** Its own description retires it (it names a replacement, or says it is deprecated). */
  deprecated: boolean;
  /** The tool of its server its description names as its replacement ("use read_text_file instead"). */
  replacedBy: string | undefined;
}


/** A tool a task matches, before its features are weighed. */
export interface Candidate {
  id: string;
  bm25f: number;
  features: FeatureVector;
}

/** What the features of every tool read from one task. */
export interface FeatureContext {
  /** The task's terms and weights, for the name coverage. */
  query: ReadonlyMap<string, number>;
  mode: Mode | undefined;
  opposed: ReturnType<typeof opposedVerbs>;
  named: ReadonlySet<string>;
  values: ReadonlySet<ValueKind>;
  identified: ReadonlySet<string>;
  coverage: ReadonlyMap<string, number>;
}

/**
 * A tool's ranking features for one task (FEATURES order): what its weights lift or lower. A
 * search scores every matching tool, so it passes one vector `into` to fill again for each.
 */
export function toolFeatures(tool: IndexedTool, nameCoverage: number, { mode, opposed, named, values, identified, coverage }: FeatureContext, into?: FeatureVector): FeatureVector {
  const f = into ? into.fill(0) : new Float64Array(FEATURES.length);
  f[F.nameCoverage] = nameCoverage;
  f[F.conceptCoverage] = coverage.get(tool.id) ?? 0;
  f[F.modeMismatch] = mode && tool.mode && tool.mode !== mode ? 1 : 0;
  f[F.opposite] = opposesTask(tool.name, opposed) ? 1 : 0;
  f[F.serverNamed] = named.has(tool.server) ? 1 : 0;
  // "what address is at 40.75, -73.99?": a tool that needs coordinates fits better than one that finds them.
  if (tool.takes.size) {
    if (values.size && overlaps(tool.takes, values)) f[F.valueFit] = 1;
    else if (overlaps(tool.takes, UNSAID)) f[F.valueUnsaid] = 1;
  }
  // "edit comment c3f1a2b4": a tool that needs a comment's id fits better than one that needs an issue's.
  if (identified.size && tool.ids.size && overlaps(tool.ids, identified)) f[F.identifiedFit] = 1;
  // A tool that needs the id of the very thing it acts on (get_console_message: msgid) fits a task that
  // names no such thing (no identifier, quoted name or other value) less than its sibling that lists them.
  else if (tool.needsOwnId && !identified.size && !values.size) f[F.ownIdUnnamed] = 1;
  // "open todo.md": a tool with nowhere to put the path (open_nodes) fits less, as one needing coordinates does.
  f[F.pathNowhere] = values.has('path') && tool.cannotHoldPath ? 1 : 0;
  f[F.deprecated] = tool.deprecated ? 1 : 0;
  return f;
}

