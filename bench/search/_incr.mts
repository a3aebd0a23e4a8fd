const root = '/work/main';
const { sharedCatalog, extraCatalog } = await import(`${root}/bench/_catalogs.ts`);
const { loadCatalogs } = await import(`${root}/bench/search/load.ts`);
const { ToolSearchIndex } = await import(`${root}/src/search/tool-index.ts`);
const servers = [...sharedCatalog().servers, ...extraCatalog().servers, ...loadCatalogs([`${root}/test/fixtures/catalogs/dev`]).servers];
let seed = 7; const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const tasks = ['highlight the search field on the page', 'brave: latest news', 'check if the login page at https://app.acme.io/login throws any errors in the console', 'which Supabase projects do I have?', 'search the web for rust', 'take a screenshot of https://example.com', 'google maps directions to Boston', 'search my memory graph', 'fill out the form at example.com/contact and then submit it', 'make the window 1280 by 720'];
const live = new ToolSearchIndex();
const state = new Map<string, any[]>();
let mismatches = 0;
for (let step = 0; step < 300; step++) {
  const s = servers[Math.floor(rnd() * servers.length)]!;
  const r = rnd();
  if (r < 0.5) { const tools = s.tools.filter(() => rnd() < 0.8); live.add(s.name, tools); const prev = new Map((state.get(s.name) ?? []).map((t: any) => [t.name, t])); for (const t of tools) prev.set(t.name, t); state.set(s.name, [...prev.values()]); }
  else if (r < 0.8) { live.remove(s.name); state.delete(s.name); }
  else { const names = (state.get(s.name) ?? []).filter(() => rnd() < 0.5).map((t: any) => t.name); live.remove(s.name, names); const left = (state.get(s.name) ?? []).filter((t: any) => !names.includes(t.name)); if (left.length) state.set(s.name, left); else state.delete(s.name); }
  // interleave searches on the live index so caches get filled
  const t = tasks[step % tasks.length]!; live.search(t, 5);
  if (step % 10 === 0) {
    const fresh = new ToolSearchIndex();
    for (const [name, tools] of state) fresh.add(name, tools);
    for (const q of tasks) {
      const a = live.search(q, 10).map((h: any) => `${h.id}:${h.score.toFixed(6)}`).join(' ');
      const b = fresh.search(q, 10).map((h: any) => `${h.id}:${h.score.toFixed(6)}`).join(' ');
      if (a !== b) { mismatches++; if (mismatches < 5) console.log('MISMATCH step', step, q, '\n live ', a.slice(0, 300), '\n fresh', b.slice(0, 300)); }
    }
  }
}
console.log('mismatches', mismatches);
