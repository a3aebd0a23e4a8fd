/**
 * What the three renderers share: number formatting, the window-share arithmetic, the
 * byte-split breakdown and the choice of heaviest tools. Kept here so a terminal, a PR
 * comment and an HTML page never disagree about a figure.
 */
import { redactFailure } from '../catalog/redact.js';
import type { ServerFailure } from '../catalog/types.js';
import type { ByteSplit, ServerCost, ToolCost } from '../cost/types.js';
import type { MeasureView } from './types.js';
export { formatInt, truncate } from '../util/format.js';

/** Column header for ceil(bytes/4): it is a rule of thumb, so it must never look like a count. */
export const ESTIMATE_LABEL = 'est. tok (bytes/4)';

/** A fraction in [0, 1] as a percentage with one decimal; tiny non-zero shares stay visible. */
export function formatPercent(fraction: number): string {
  if (!Number.isFinite(fraction)) return 'n/a';
  if (fraction > 0 && fraction < 0.0005) return '<0.1%';
  return `${(fraction * 100).toFixed(1)}%`;
}

/** What the context window pays up front: tool definitions as the model sees them plus server instructions. */
export interface WindowShare {
  toolTokens: number;
  instructionTokens: number;
  totalTokens: number;
  window: number;
  /** totalTokens / window; NaN when the window is not a positive number. */
  fraction: number;
}

export function windowShare(view: MeasureView): WindowShare {
  const toolTokens = view.report.total.modelView.tokens.o200k_base;
  const instructionTokens = view.report.total.instructions.tokens.o200k_base;
  const totalTokens = toolTokens + instructionTokens;
  const fraction = view.window > 0 ? totalTokens / view.window : Number.NaN;
  return { toolTokens, instructionTokens, totalTokens, window: view.window, fraction };
}

export type SplitKey = keyof ByteSplit;

/** Display order and labels of the byte split; the order is also the stacking order in charts. */
export const SPLIT_PARTS: readonly { key: SplitKey; label: string }[] = [
  { key: 'description', label: 'description' },
  { key: 'parameterDescriptions', label: 'parameter descriptions' },
  { key: 'schemaStructure', label: 'schema structure' },
  { key: 'outputSchema', label: 'outputSchema' },
  { key: 'other', label: 'other' },
];

export interface SplitShare {
  key: SplitKey;
  label: string;
  bytes: number;
  /** Share of the split's sum (which equals the wire bytes); 0 when there are no bytes. */
  fraction: number;
}

export function splitShares(split: ByteSplit): SplitShare[] {
  const sum = SPLIT_PARTS.reduce((acc, part) => acc + split[part.key], 0);
  return SPLIT_PARTS.map((part) => ({
    key: part.key,
    label: part.label,
    bytes: split[part.key],
    fraction: sum > 0 ? split[part.key] / sum : 0,
  }));
}

/** Tools by o200k model-view tokens, heaviest first; ties broken so the order is stable across runs. */
export function sortByWeight(tools: readonly ToolCost[]): ToolCost[] {
  return [...tools].sort(
    (a, b) =>
      b.modelView.tokens.o200k_base - a.modelView.tokens.o200k_base ||
      b.wire.bytes - a.wire.bytes ||
      a.server.localeCompare(b.server, 'en') ||
      a.name.localeCompare(b.name, 'en'),
  );
}

/** Servers heaviest first (tools + instructions, o200k); failed servers last, as they cost nothing measurable. */
export function sortServersByWeight(servers: readonly ServerCost[]): ServerCost[] {
  const weight = (s: ServerCost) => s.modelView.tokens.o200k_base + s.instructions.tokens.o200k_base;
  return [...servers].sort(
    (a, b) => Number(a.failed) - Number(b.failed) || weight(b) - weight(a) || a.name.localeCompare(b.name, 'en'),
  );
}

export function heaviestTools(tools: readonly ToolCost[], top: number): ToolCost[] {
  return sortByWeight(tools).slice(0, Math.max(0, Math.floor(top)));
}

/**
 * The cost report knows a server failed; only the catalog knows why. Redacted here, the one way
 * every renderer reads a failure, so no report prints a secret from a message or a stderr tail.
 */
export function failureOf(view: MeasureView, serverName: string): ServerFailure | undefined {
  const failure = view.catalog.servers.find((s) => s.name === serverName)?.failure;
  return failure && redactFailure(failure);
}

/** The last non-blank lines of a stderr tail: enough to recognise the error without flooding the report. */
export function tailLines(stderrTail: string | undefined, max = 5): string[] {
  if (!stderrTail) return [];
  const lines = stderrTail
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  return lines.slice(-max);
}

/**
 * Names and messages come from servers we do not control: control characters (ANSI escapes,
 * newlines, tabs) would break table layouts or repaint the user's terminal, so they become U+FFFD.
 */
export function sanitizeText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\uFFFD');
}

/** Display width approximated by code points: good enough for names, which are mostly ASCII. */
export function textWidth(text: string): number {
  return Array.from(text).length;
}
