const root = process.argv[2] ?? '/work/main';
const { sharedCatalog, extraCatalog } = await import(`${root}/bench/_catalogs.ts`);
const { loadCatalogs } = await import(`${root}/bench/search/load.ts`);
const { indexCatalog } = await import(`${root}/src/search/tool-index.ts`);
const { newCatalog } = await import(`${root}/src/catalog/catalog-file.js`);
let seed = 12345; const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = <T,>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
const WORDS = 'shut down the browser open close show hide start stop turn off on my downloads desktop folder documents at to from by resize window screenshot page click drag drop file read write issue pr github slack brave search playwright google maps calendar event meeting move schedule and then after that finish wake live offline note table supabase the a of in for with fill out log out scroll page down up zoom'.split(' ');
const VALUES = () => pick([
  `${Math.floor(rnd()*13)}pm`, `${Math.floor(rnd()*24)}:${String(Math.floor(rnd()*60)).padStart(2,'0')}`, `${Math.floor(rnd()*3000)} by ${Math.floor(rnd()*3000)}`,
  `${Math.floor(rnd()*3000)}x${Math.floor(rnd()*3000)}`, `${Math.floor(rnd()*1000)},${Math.floor(rnd()*1000)}`, `${Math.floor(rnd()*100)}, ${Math.floor(rnd()*100)}`,
  'https://example.com/a?b=c', 'docs/readme.md', 'a@b.co', '#123', '#general', '48.85, 2.35', '"quoted value"', '日本語のテキスト', '🙂🙂', 'ÄÖÜ straße',
  'x'.repeat(Math.floor(rnd()*500)), '1,'.repeat(Math.floor(rnd()*300)), ' 1 by'.repeat(Math.floor(rnd()*300)), '9:'.repeat(Math.floor(rnd()*400)),
  'my '.repeat(Math.floor(rnd()*300)) + 'downloads', 'at '.repeat(200) + '9:15', 'from 1,1 '.repeat(100),
]);
function task(): string { const n = 1 + Math.floor(rnd() * 25); const out: string[] = []; for (let i = 0; i < n; i++) out.push(rnd() < 0.3 ? VALUES() : pick(WORDS)); return out.join(rnd() < 0.9 ? ' ' : pick([',', '  ', '\n', '\t', '. '])); }
const catalogs = { shared: sharedCatalog(), extra: extraCatalog(), dev: loadCatalogs([`${root}/test/fixtures/catalogs/dev`]) };
const all = newCatalog([...catalogs.shared.servers, ...catalogs.extra.servers, ...catalogs.dev.servers]);
const idxs = Object.fromEntries([...Object.entries(catalogs), ['all', all]].map(([k, c]) => [k, indexCatalog(c as any)]));
const N = Number(process.argv[3] ?? 3000);
const times: number[] = []; let errors = 0; const slow: [number, string][] = [];
for (let i = 0; i < N; i++) {
  const t = task();
  for (const [name, idx] of Object.entries(idxs)) {
    const t0 = performance.now();
    try { const r = (idx as any).search(t, 10); if (!Array.isArray(r) || r.some((h: any) => !Number.isFinite(h.score))) { errors++; console.log('BAD', name, JSON.stringify(t).slice(0,200)); } }
    catch (e) { errors++; console.log('ERR', name, (e as Error).message, JSON.stringify(t).slice(0, 200)); }
    const dt = performance.now() - t0; times.push(dt); if (dt > 2) slow.push([dt, `${name}: ${t.slice(0, 120)}`]);
  }
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.floor(p * (times.length - 1))]!.toFixed(3);
console.log({ searches: times.length, errors, p50: q(0.5), p90: q(0.9), p99: q(0.99), max: q(1), over2ms: slow.length });
slow.sort((a, b) => b[0] - a[0]); for (const [dt, s] of slow.slice(0, 12)) console.log(dt.toFixed(2), JSON.stringify(s));
// edge cases
for (const t of ['', ' ', '\u0000', 'the', '?', 'a'.repeat(100000), '1,'.repeat(50000), ' 1 by 1'.repeat(3000), 'at 9:15 '.repeat(5000)]) {
  const t0 = performance.now(); const r = idxs.all.search(t, 10); console.log('edge', JSON.stringify(t.slice(0, 20)), t.length, r.length, (performance.now() - t0).toFixed(2), 'ms');
}
