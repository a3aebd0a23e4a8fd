/** What `check` can report. `kind` is the discriminant; meta below holds each kind's severity. */
export type Metric = 'bytes' | 'tokens';

export type CheckFinding =
  | { kind: 'server-failed'; server: string; message: string }
  | { kind: 'total-over'; metric: Metric; limit: number; actual: number }
  | { kind: 'server-over'; server: string; metric: Metric; limit: number; actual: number }
  | { kind: 'tool-over'; tool: string; metric: Metric; limit: number; actual: number }
  | { kind: 'oversized-grew'; tool: string; limit: number; actual: number }
  | { kind: 'description-too-long'; tool: string; limit: number; actual: number }
  | { kind: 'unknown-tool'; tool: string }
  | { kind: 'unknown-server'; server: string }
  | { kind: 'oversized-shrank'; tool: string; limit: number; actual: number }
  | { kind: 'oversized-fits'; tool: string; limit: number; actual: number }
  | { kind: 'total-loose'; metric: Metric; limit: number; actual: number; suggested: number }
  | { kind: 'server-loose'; server: string; metric: Metric; limit: number; actual: number; suggested: number };

export type FindingKind = CheckFinding['kind'];

/**
 * `fail`: over budget (exit 1). `stale`: the budget names something that is gone (exit 2: the
 * file needs fixing). `ratchet`: a number could be tightened; reported, never failing.
 */
export type Severity = 'fail' | 'stale' | 'ratchet';

export const FINDING_META = {
  'server-failed': { severity: 'fail', title: 'server did not answer' },
  'total-over': { severity: 'fail', title: 'total over budget' },
  'server-over': { severity: 'fail', title: 'server over budget' },
  'tool-over': { severity: 'fail', title: 'tool over the per-tool limit' },
  'oversized-grew': { severity: 'fail', title: 'oversized tool grew' },
  'description-too-long': { severity: 'fail', title: 'description too long' },
  'unknown-tool': { severity: 'stale', title: 'budget names a tool that does not exist' },
  'unknown-server': { severity: 'stale', title: 'budget names a server that does not exist' },
  'oversized-shrank': { severity: 'ratchet', title: 'oversized tool shrank: lower its ceiling' },
  'oversized-fits': { severity: 'ratchet', title: 'oversized tool now fits the per-tool limit' },
  'total-loose': { severity: 'ratchet', title: 'total limit well above what is measured' },
  'server-loose': { severity: 'ratchet', title: 'server limit well above what is measured' },
} as const satisfies Record<FindingKind, { severity: Severity; title: string }>;

export const severityOf = (f: CheckFinding): Severity => FINDING_META[f.kind].severity;
