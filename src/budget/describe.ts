import type { CheckFinding } from './findings.js';

const n = (x: number): string => x.toLocaleString('en-US');
const pct = (part: number, whole: number): string => `${((part / whole) * 100).toFixed(1)}%`;
const unit = (metric: 'bytes' | 'tokens'): string => (metric === 'bytes' ? 'bytes' : 'tokens');

/** One finding as a sentence (what) and what to do about it (fix). Shared by every reporter. */
export function describeFinding(f: CheckFinding, budgetFile: string): { message: string; fix: string } {
  switch (f.kind) {
    case 'server-failed':
      return { message: `server ${f.server} could not be measured: ${f.message}`, fix: 'a budget never passes on a partial measurement; fix the server or what starts it' };
    case 'total-over':
      return {
        message: `total ${n(f.actual)} ${unit(f.metric)}, over the limit ${n(f.limit)} by ${n(f.actual - f.limit)} (+${pct(f.actual - f.limit, f.limit)})`,
        fix: `shrink tool text (mcp-slim measure shows the heaviest), or raise "total${f.metric === 'bytes' ? 'Bytes' : 'Tokens'}" in ${budgetFile} as a written decision`,
      };
    case 'server-over':
      return {
        message: `server ${f.server}: ${n(f.actual)} ${unit(f.metric)}, over its limit ${n(f.limit)} by ${n(f.actual - f.limit)} (+${pct(f.actual - f.limit, f.limit)})`,
        fix: `shrink its tools' text, or raise "servers.${f.server}" in ${budgetFile} as a written decision`,
      };
    case 'tool-over':
      return {
        message: `${f.tool}: ${n(f.actual)} ${unit(f.metric)}, over the per-tool limit ${n(f.limit)} by ${n(f.actual - f.limit)} (+${pct(f.actual - f.limit, f.limit)})`,
        fix:
          f.metric === 'bytes'
            ? `shrink its description and parameter text, or add "${f.tool}": ${f.actual} to "oversized" in ${budgetFile} as a written decision`
            : `shrink its description and parameter text, or raise "perToolTokens" in ${budgetFile} as a written decision`,
      };
    case 'oversized-grew':
      return {
        message: `${f.tool}: ${n(f.actual)} bytes, grew past its oversized ceiling ${n(f.limit)} by ${n(f.actual - f.limit)}`,
        fix: `oversized tools may shrink, never grow: shrink it back, or raise "oversized.${f.tool}" in ${budgetFile} as a written decision`,
      };
    case 'description-too-long':
      return {
        message: `${f.tool}: description is ${n(f.actual)} characters, over ${n(f.limit)}`,
        fix: 'Claude Code cuts descriptions at 4,096 characters: put what matters first and move the how into a manual',
      };
    case 'unknown-tool':
      return { message: `"oversized" names ${f.tool}, which no measured server has`, fix: `remove it from ${budgetFile}, or run mcp-slim check --update` };
    case 'unknown-server':
      return { message: `"servers" names ${f.server}, which is not measured`, fix: `remove it from ${budgetFile} or fix the name` };
    case 'oversized-shrank':
      return { message: `${f.tool} shrank to ${n(f.actual)} bytes (ceiling ${n(f.limit)})`, fix: `lower "oversized.${f.tool}" to ${f.actual}, or run mcp-slim check --update` };
    case 'oversized-fits':
      return { message: `${f.tool} is ${n(f.actual)} bytes and now fits perToolBytes ${n(f.limit)}`, fix: `remove it from "oversized", or run mcp-slim check --update` };
    case 'total-loose':
      return {
        message: `total ${n(f.actual)} ${unit(f.metric)} is well under the limit ${n(f.limit)}`,
        fix: `lower "total${f.metric === 'bytes' ? 'Bytes' : 'Tokens'}" to ${f.suggested} (5% headroom), or run mcp-slim check --update`,
      };
    case 'server-loose':
      return {
        message: `server ${f.server}: ${n(f.actual)} ${unit(f.metric)} is well under its limit ${n(f.limit)}`,
        fix: `lower "servers.${f.server}.total${f.metric === 'bytes' ? 'Bytes' : 'Tokens'}" to ${f.suggested}, or run mcp-slim check --update`,
      };
  }
}
