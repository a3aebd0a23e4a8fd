import pc from 'picocolors';
import type { SplitManifest } from '../split/manifest.js';
import { formatInt, formatPercent } from './_format.js';
import { table, type Row } from './_table.js';
import type { TerminalStyle } from './types.js';

/** One split as the CLI shows it; paths are as the user would type them (relative to where they ran it). */
export interface SplitView {
  /** The file (or `server NAME`) that was split. */
  source: string;
  manifest: SplitManifest;
  /** Display paths: the index, each family (in the manifest's order), the manifest. */
  paths: { index: string; families: string[]; manifest: string };
  /** The index's text, shown by --dry-run. */
  indexText?: string;
  written: string[];
  dryRun: boolean;
  /** The most of the original's tokens the index was meant to cost. */
  maxShare: number;
}

const ranges = (lines: readonly [number, number][]): string => lines.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ');

/** The plan or result: always-loaded tokens before and after, then each family and what reading it costs. */
export function renderSplitText(v: SplitView, style: TerminalStyle): string {
  const c = pc.createColors(style.color);
  const m = v.manifest;
  const within = m.families.length === 0 || m.index.share <= v.maxShare;
  const share = formatPercent(m.index.share);
  const out = [
    `${c.bold('mcp-slim split')} ${v.source}: ${formatInt(m.original.tokens)} o200k tokens loaded at every start → ${formatInt(m.index.tokens)} (${within ? c.green(share) : c.yellow(share)} of the original), ${m.families.length} ${m.families.length === 1 ? 'family' : 'families'} read when needed`,
  ];
  if (m.families.length) {
    const columns = [
      { header: 'family', align: 'left' as const, shrinkOrder: 2, minWidth: 8 },
      { header: 'file', align: 'left' as const, shrinkOrder: 1, minWidth: 10 },
      { header: 'lines', align: 'left' as const },
      { header: 'o200k', align: 'right' as const },
      { header: 'read', align: 'left' as const, shrinkOrder: 0, minWidth: 12 },
    ];
    const rows: Row[] = m.families.map((f, k) => [
      { text: f.name }, { text: v.paths.families[k] ?? f.path }, { text: ranges(f.lines) }, { text: formatInt(f.tokens) }, { text: f.when },
    ]);
    rows.push([{ text: 'index', paint: c.bold }, { text: v.paths.index, paint: c.bold }, { text: '' }, { text: formatInt(m.index.tokens), paint: c.bold }, { text: 'always' }]);
    out.push('', ...table(columns, rows, style, c));
  } else {
    out.push('no families: nothing in it is only for some tasks, so it stays whole');
  }
  if (!within) out.push(c.yellow(`the index is over ${formatPercent(v.maxShare)} of the original: its preamble alone costs that much`));
  if (m.rewrites.length) out.push(`${m.rewrites.length} relative link${m.rewrites.length === 1 ? '' : 's'} rewritten to resolve from the new files (recorded in ${v.paths.manifest}; --join undoes them)`);
  out.push(`verified: every line of the original is in exactly one file, in order, and joining them gives it back byte for byte`);
  if (v.indexText !== undefined) out.push('', c.dim(`--- ${v.paths.index}, as it would be written ---`), v.indexText.replace(/\n$/, ''), c.dim('---'));
  if (v.dryRun) out.push('nothing written (--dry-run)');
  else if (v.written.length) out.push(`wrote ${v.written.join(', ')}`);
  return `${out.join('\n')}\n`;
}

export function splitJson(v: SplitView) {
  const m = v.manifest;
  return {
    schemaVersion: 1,
    command: 'split',
    source: v.source,
    tokens: { encoding: 'o200k_base', before: m.original.tokens, after: m.index.tokens, share: m.index.share },
    index: { path: v.paths.index, tokens: m.index.tokens, ...(v.indexText !== undefined ? { text: v.indexText } : {}) },
    families: m.families.map((f, k) => ({ name: f.name, path: v.paths.families[k] ?? f.path, lines: f.lines, tokens: f.tokens, when: f.when })),
    rewrites: m.rewrites.length,
    manifest: v.paths.manifest,
    verified: true,
    dryRun: v.dryRun,
    written: v.written,
  };
}

/** What --join did, or would do. */
export interface JoinView {
  target: string;
  bytes: number;
  sha256: string;
  /** The joined text is the original the manifest recorded. */
  matches: boolean;
  removed: string[];
  dryRun: boolean;
}

export function renderJoinText(v: JoinView, style: TerminalStyle): string {
  const c = pc.createColors(style.color);
  const same = v.matches ? c.green('the original, byte for byte (SHA-256 matches)') : c.yellow('not the original the split recorded (parts were edited)');
  const lines = [`${c.bold('mcp-slim split --join')}: ${v.target}, ${formatInt(v.bytes)} bytes: ${same}`];
  if (v.dryRun) lines.push('nothing written (--dry-run)');
  else {
    lines.push(`wrote ${v.target}`);
    if (v.removed.length) lines.push(`removed ${v.removed.join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}

export const joinJson = (v: JoinView) => ({ schemaVersion: 1, command: 'split --join', ...v });
