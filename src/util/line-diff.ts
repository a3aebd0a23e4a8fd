/**
 * A unified diff of two texts, as `diff -u` prints it (3 lines of context). The common head and
 * tail are cut first, so the usual config change (a few entries in a long file) costs little;
 * a middle too large to align line by line is shown as removed, then added.
 */
type Op = { kind: ' ' | '-' | '+'; line: string };

const MAX_CELLS = 4_000_000;

function align(a: readonly string[], b: readonly string[]): Op[] {
  if (a.length * b.length > MAX_CELLS) return [...a.map((line) => ({ kind: '-' as const, line })), ...b.map((line) => ({ kind: '+' as const, line }))];
  // Longest common subsequence, from the end, so the walk below goes forwards.
  const w = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i]! });
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) ops.push({ kind: '-', line: a[i++]! });
    else ops.push({ kind: '+', line: b[j++]! });
  }
  while (i < a.length) ops.push({ kind: '-', line: a[i++]! });
  while (j < b.length) ops.push({ kind: '+', line: b[j++]! });
  return ops;
}

export function unifiedDiff(before: string, after: string, names: { from: string; to: string }, context = 3): string {
  if (before === after) return '';
  const a = before === '' ? [] : before.replace(/\r?\n$/, '').split(/\r?\n/);
  const b = after === '' ? [] : after.replace(/\r?\n$/, '').split(/\r?\n/);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const ops: Op[] = [
    ...a.slice(0, head).map((line) => ({ kind: ' ' as const, line })),
    ...align(a.slice(head, a.length - tail), b.slice(head, b.length - tail)),
    ...a.slice(a.length - tail).map((line) => ({ kind: ' ' as const, line })),
  ];
  // Hunks: runs of changes with their context, merged when the context would overlap.
  const changed = ops.flatMap((op, k) => (op.kind === ' ' ? [] : [k]));
  const hunks: [number, number][] = [];
  for (const k of changed) {
    const from = Math.max(0, k - context);
    const to = Math.min(ops.length, k + context + 1);
    const last = hunks.at(-1);
    if (last && from <= last[1]) last[1] = to;
    else hunks.push([from, to]);
  }
  const out = [`--- ${names.from}`, `+++ ${names.to}`];
  for (const [from, to] of hunks) {
    const lineA = ops.slice(0, from).filter((o) => o.kind !== '+').length;
    const lineB = ops.slice(0, from).filter((o) => o.kind !== '-').length;
    const body = ops.slice(from, to);
    const countA = body.filter((o) => o.kind !== '+').length;
    const countB = body.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${countA ? lineA + 1 : lineA},${countA} +${countB ? lineB + 1 : lineB},${countB} @@`);
    for (const op of body) out.push(`${op.kind}${op.line}`);
  }
  return `${out.join('\n')}\n`;
}
