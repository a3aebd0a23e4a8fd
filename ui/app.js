// @ts-check
'use strict';

/*
 * The mcp-slim gateway page. It reads /ui/api/state and /ui/api/trace, listens on
 * /ui/api/events and writes toggles with POST /ui/api/toggle (see the UI contract).
 * No library and no build step: strings from the API only ever reach the page through
 * textContent or setAttribute, never through innerHTML.
 */

/**
 * @typedef {{name: string, publicName?: string, tokens: number, state: 'enabled'|'disabled'|'pinned', by?: string, description?: string}} Tool
 * @typedef {{name: string, pattern?: string, tokens: number, tools: Tool[]}} Family
 * @typedef {{name: string, status: string, error?: string, retryInS?: number, mode?: string,
 *   instructionTokens?: number, tokens: number, enabledTokens?: number, families: Family[]}} Upstream
 * @typedef {{id: string, label: string, file: string, exists: boolean}} Scope
 * @typedef {{client: string, label: string, version?: string, loading: string, maxTools: number|null,
 *   descriptionMaxChars: number|null, tools: number, direct: {firstTurn: number, perTurn: number},
 *   gateway: {firstTurn: number, perTurn: number}, notes?: string[]}} ClientRule
 * @typedef {{tools: number, enabledTools: number, fullTokens: number, upfrontTokens: number, upfrontTools: number, allTokens: number, findAndCallTokens?: number}} Totals
 * @typedef {{serving: boolean, mode: string, agent: string|null, agents: string[], scopes: Scope[],
 *   upstreams: Upstream[], totals: Totals, clients: ClientRule[]}} State
 * @typedef {{time: string, session: string, client?: {name: string, version?: string}, agent?: string,
 *   method: string, tool?: string, server?: string, mode?: string, definitionTokens?: number,
 *   resultTokens?: number, upstreamTokens?: number, latencyMs?: number, isError?: boolean,
 *   error?: string, cut?: boolean, warned?: boolean}} Entry
 * @typedef {{session: string, client: string|null, agent: string|null, from: string, to: string,
 *   peakDefinitionTokens: number, resultTokens: number, upstreamTokens: number, calls: number,
 *   errors: number, contextTokens: number}} SessionTotal
 * @typedef {{tool: string, server: string|null, calls: number, resultTokens: number, upstreamTokens: number,
 *   maxResultTokens: number, meanLatencyMs: number|null, errors: number, cuts: number}} ToolTotal
 * @typedef {{totals: Record<string, number>, sessions: SessionTotal[], tools: ToolTotal[]}} Summary
 * @typedef {{server: string, family?: string, tool?: string, label: string}} ToggleTarget
 */

const VIEWS = ['servers', 'trace', 'clients'];
const COLOURS = 8; // .c0 … .c7 in style.css
const TRACE_REFETCH_MS = 500;
const MAX_ENTRIES = 1000;
const MAX_CHART_SESSIONS = 8;
const OPEN_FAMILIES_UP_TO = 8; // tools in a server; above that its families start collapsed
const SVG_NS = 'http://www.w3.org/2000/svg';
const numberFormat = new Intl.NumberFormat('en-US');

const app = {
  /** @type {State|null} */ state: null,
  /** @type {Entry[]} */ entries: [],
  /** @type {Summary|null} */ summary: null,
  agent: '',
  /** Open or closed, as the user left each <details>, so a re-render keeps it. @type {Map<string, boolean>} */
  openDetails: new Map(),
  /** @type {WeakMap<Element, ToggleTarget>} */ toggleTargets: new WeakMap(),
  /** Toggles are written one after another, in the order they were made. */
  writes: Promise.resolve(),
  stateRequest: 0,
  lastTraceFetch: 0,
  /** @type {ReturnType<typeof setTimeout>|undefined} */ traceTimer: undefined,
  /** @type {ReturnType<typeof setTimeout>|undefined} */ stateTimer: undefined,
  /** @type {ReturnType<typeof setTimeout>|undefined} */ statusTimer: undefined,
};

// ---------- small helpers ----------

/** @param {number|null|undefined} n */
function fmt(n) {
  return typeof n === 'number' && Number.isFinite(n) ? numberFormat.format(Math.round(n)) : '—';
}

/** @param {number|null|undefined} n */
function tokens(n) {
  return `${fmt(n)} ${n === 1 ? 'token' : 'tokens'}`;
}

/** @param {number|null|undefined} ms */
function fmtMs(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '—';
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${numberFormat.format(Math.round(ms))} ms`;
}

/** @param {string} iso */
function clock(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleTimeString('en-US', { hour12: false });
}

/** @param {string} id */
function shortId(id) {
  return id.length > 8 ? id.slice(0, 8) : id;
}

/** @param {number} part @param {number} whole */
function percent(part, whole) {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** @param {string} id */
function byId(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found;
}

/** Properties set as properties, not attributes: they hold live state. */
const PROPERTIES = new Set(['checked', 'indeterminate', 'open', 'value']);

/**
 * Build an element. Children that are strings become text nodes, so API text is never parsed as HTML.
 * @param {string} tag
 * @param {Record<string, string|number|boolean|null|undefined>} [attrs]
 * @param {...(Node|string|null|undefined|false)} children
 * @returns {HTMLElement}
 */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/**
 * @param {string} tag
 * @param {Record<string, string|number|boolean|null|undefined>} [attrs]
 * @param {...(Node|string|null|undefined|false)} children
 * @returns {SVGElement}
 */
function svg(tag, attrs = {}, ...children) {
  const node = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  setAttrs(node, attrs);
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/** @param {Element} node @param {Record<string, string|number|boolean|null|undefined>} attrs */
function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (PROPERTIES.has(key)) /** @type {any} */ (node)[key] = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
}

/** @param {Element} parent @param {...(Node|string)} children */
function fill(parent, ...children) {
  parent.replaceChildren(...children);
}

/**
 * A <details> that remembers whether the user opened or closed it.
 * @param {string} key @param {boolean} openByDefault @param {...(Node|string|null|undefined|false)} children
 */
function rememberedDetails(key, openByDefault, ...children) {
  const details = el('details', { 'data-key': key, open: app.openDetails.get(key) ?? openByDefault }, ...children);
  const summary = details.querySelector(':scope > summary');
  if (summary instanceof HTMLElement) summary.dataset.key = `${key}:summary`;
  details.addEventListener('toggle', () => app.openDetails.set(key, /** @type {HTMLDetailsElement} */ (details).open));
  return details;
}

/** Re-render without losing the keyboard focus: the focused control is found again by its data-key. @param {() => void} render */
function keepingFocus(render) {
  const active = document.activeElement;
  const key = active instanceof HTMLElement ? active.dataset.key : undefined;
  render();
  if (!key) return;
  const again = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (again instanceof HTMLElement && again !== document.activeElement) again.focus({ preventScroll: true });
}

/** Width to draw a chart at, so one SVG unit is one CSS pixel and text keeps its size. @param {Element} box */
function chartWidth(box) {
  return Math.max(280, Math.round(box.clientWidth || 800));
}

// ---------- status region ----------

/** @param {string} text @param {'ok'|'error'|'info'} kind */
function say(text, kind) {
  const toast = byId('toast');
  clearTimeout(app.statusTimer);
  byId('status').textContent = text;
  toast.dataset.kind = kind;
  toast.classList.toggle('is-empty', text === '');
  // Errors stay until dismissed; a confirmation need not.
  if (kind !== 'error' && text) app.statusTimer = setTimeout(() => say('', 'info'), 8000);
}

// ---------- network ----------

/** @param {string} url @param {RequestInit} [init] */
async function requestJSON(url, init) {
  const response = await fetch(url, { headers: { accept: 'application/json' }, ...init });
  /** @type {any} */
  let body = null;
  try {
    body = await response.json();
  } catch {
    // A body that is not JSON is reported by status below.
  }
  if (!response.ok) {
    const why = body && typeof body.error === 'string' ? body.error : `${response.status} ${response.statusText}`;
    throw Object.assign(new Error(why), { status: response.status });
  }
  return body;
}

async function loadState() {
  const ticket = ++app.stateRequest;
  const url = app.agent ? `/ui/api/state?agent=${encodeURIComponent(app.agent)}` : '/ui/api/state';
  try {
    const state = /** @type {State} */ (await requestJSON(url));
    if (ticket !== app.stateRequest) return; // a newer request (another agent) answers instead
    app.state = state;
    keepingFocus(renderState);
  } catch (error) {
    if (ticket === app.stateRequest) say(`Could not load the gateway state: ${errorText(error)}`, 'error');
  }
}

async function loadTrace() {
  app.lastTraceFetch = Date.now();
  try {
    const trace = /** @type {{entries: Entry[], summary: Summary}} */ (await requestJSON('/ui/api/trace'));
    app.entries = mergeEntries(trace.entries ?? [], app.entries);
    app.summary = trace.summary ?? null;
    renderTrace();
  } catch (error) {
    say(`Could not load the trace: ${errorText(error)}`, 'error');
  }
}

/** @param {Entry} e */
function entryKey(e) {
  return `${e.time}|${e.session}|${e.method}|${e.tool ?? ''}`;
}

/**
 * The fetched trace, plus live entries that came after the server built it (they would
 * otherwise vanish until the next fetch).
 * @param {Entry[]} fetched @param {Entry[]} local
 */
function mergeEntries(fetched, local) {
  const last = fetched.at(-1)?.time ?? '';
  const known = new Set(fetched.map(entryKey));
  const later = local.filter((e) => e.time >= last && !known.has(entryKey(e)));
  return [...fetched, ...later].slice(-MAX_ENTRIES);
}

/** At most one trace fetch per TRACE_REFETCH_MS; the last event always gets one. */
function scheduleTraceFetch() {
  if (app.traceTimer !== undefined) return;
  const wait = Math.max(0, app.lastTraceFetch + TRACE_REFETCH_MS - Date.now());
  app.traceTimer = setTimeout(() => {
    app.traceTimer = undefined;
    void loadTrace();
  }, wait);
}

/** State events come in bursts (a restart, a config write): fetch once per burst. */
function scheduleStateFetch() {
  clearTimeout(app.stateTimer);
  app.stateTimer = setTimeout(() => void loadState(), 150);
}

/** @param {unknown} error */
function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}

function listen() {
  if (!('EventSource' in window)) return;
  const live = byId('live');
  const events = new EventSource('/ui/api/events');
  events.addEventListener('open', () => setLive(live, 'open', 'Live'));
  events.addEventListener('error', () => setLive(live, 'retrying', 'Reconnecting…'));
  events.addEventListener('state', () => scheduleStateFetch());
  events.addEventListener('trace', (event) => {
    try {
      app.entries.push(/** @type {Entry} */ (JSON.parse(/** @type {MessageEvent} */ (event).data)));
      if (app.entries.length > MAX_ENTRIES) app.entries.splice(0, app.entries.length - MAX_ENTRIES);
      renderTraceLive();
    } catch {
      // A malformed event is dropped; the next fetch of /ui/api/trace has the truth.
    }
    scheduleTraceFetch();
  });
}

/** @param {HTMLElement} node @param {string} state @param {string} text */
function setLive(node, state, text) {
  node.dataset.live = state;
  node.textContent = text;
}

// ---------- views and tabs ----------

function viewFromHash() {
  const name = location.hash.replace(/^#/, '');
  return VIEWS.includes(name) ? name : 'servers';
}

/** @param {string} name */
function showView(name) {
  for (const tab of document.querySelectorAll('[data-view-tab]')) {
    const selected = tab instanceof HTMLElement && tab.dataset.viewTab === name;
    tab.setAttribute('aria-selected', String(selected));
    tab.setAttribute('tabindex', selected ? '0' : '-1');
  }
  for (const view of document.querySelectorAll('[data-view]')) {
    if (view instanceof HTMLElement) view.hidden = view.dataset.view !== name;
  }
  // Charts measure their box, which has no width while its view is hidden.
  if (name === 'servers') renderWeight();
  if (name === 'trace') renderSessionChart();
}

/** @param {string} name */
function selectView(name) {
  if (location.hash !== `#${name}`) location.hash = name; // the hashchange shows it
  else showView(name);
}

function wireTabs() {
  const tabs = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('[data-view-tab]')]);
  for (const tab of tabs) {
    tab.addEventListener('click', () => selectView(tab.dataset.viewTab ?? 'servers'));
    tab.addEventListener('keydown', (event) => {
      const at = tabs.indexOf(tab);
      const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 };
      if (!(event.key in moves)) return;
      event.preventDefault();
      const next = tabs[(moves[/** @type {keyof moves} */ (event.key)] + tabs.length) % tabs.length];
      if (!next) return;
      next.focus();
      selectView(next.dataset.viewTab ?? 'servers');
    });
  }
  window.addEventListener('hashchange', () => showView(viewFromHash()));
}

// ---------- servers view ----------

function renderState() {
  renderMeta();
  renderScopes();
  renderAgents();
  renderUpfront();
  renderWeight();
  renderServers();
  renderClients();
  renderTraceEmptyText();
}

function renderMeta() {
  const state = app.state;
  if (!state) return;
  const down = state.upstreams.filter((u) => u.status === 'down').length;
  const parts = [
    `Mode ${state.mode}`,
    `${state.upstreams.length} ${state.upstreams.length === 1 ? 'server' : 'servers'}${down ? ` (${down} down)` : ''}`,
    `${fmt(state.totals.enabledTools)} of ${fmt(state.totals.tools)} tools enabled`,
  ];
  if (state.agent) parts.push(`viewing as agent ${state.agent}`);
  if (!state.serving) parts.push('no MCP endpoint (mcp-slim ui)');
  byId('meta').textContent = parts.join(' · ');
}

function renderScopes() {
  const state = app.state;
  const select = /** @type {HTMLSelectElement} */ (byId('scope'));
  if (!state || !Array.isArray(state.scopes) || state.scopes.length === 0) return;
  const chosen = select.value;
  fill(select, ...state.scopes.map((s) => el('option', { value: s.id }, s.label)));
  const ids = state.scopes.map((s) => s.id);
  select.value = ids.includes(chosen) ? chosen : ids.includes('project') ? 'project' : (ids[0] ?? '');
  renderScopeHint();
}

function renderScopeHint() {
  const state = app.state;
  const select = /** @type {HTMLSelectElement} */ (byId('scope'));
  const scope = state?.scopes?.find((s) => s.id === select.value);
  const hint = byId('scope-file');
  if (!scope) return void (hint.textContent = '');
  if (scope.id === 'agent' && !app.agent) return void (hint.textContent = 'Choose an agent first: this scope writes agents.NAME.');
  const where = scope.id === 'agent' ? `agents.${app.agent} in ${scope.file}` : scope.file;
  hint.textContent = `Writes ${where}${scope.exists ? '' : ' (a new file)'}`;
}

function renderAgents() {
  const names = app.state?.agents ?? [];
  fill(byId('agent-names'), ...names.map((name) => el('option', { value: name })));
}

function renderUpfront() {
  const state = app.state;
  if (!state) return;
  const { upfrontTokens, upfrontTools, fullTokens, enabledTools } = state.totals;
  const widest = Math.max(upfrontTokens, fullTokens, 1);
  const saved = fullTokens > 0 ? percent(fullTokens - upfrontTokens, fullTokens) : 0;
  const savedText = saved >= 0 ? `${saved}% saved` : `${-saved}% more`;
  fill(
    byId('upfront-body'),
    el('div', { class: 'figures' },
      el('p', { class: 'figure', id: 'upfront' }, el('strong', {}, fmt(upfrontTokens)), ` tokens up front, ${fmt(upfrontTools)} ${upfrontTools === 1 ? 'tool' : 'tools'}`),
      el('p', { class: 'figure', id: 'full' }, el('strong', {}, fmt(fullTokens)), ` tokens in full, ${fmt(enabledTools)} enabled tools`),
      el('p', { class: 'figure saved', id: 'saved' }, el('strong', {}, savedText.split(' ')[0] ?? ''), ` ${savedText.split(' ').slice(1).join(' ')}`),
    ),
    // The numbers are in the text above; the bars only repeat them as a picture.
    el('div', { class: 'bars', 'aria-hidden': 'true' },
      bar('Up front', upfrontTokens, widest, 'c0'),
      bar('Full', fullTokens, widest, 'c3'),
    ),
    el('p', { class: 'hint' }, upfrontNote(state)),
  );
}

/** @param {string} label @param {number} value @param {number} widest @param {string} colour */
function bar(label, value, widest, colour) {
  const filled = el('span', { class: `bar-fill ${colour}` });
  // Set through the CSSOM, which a Content-Security-Policy without 'unsafe-inline' still allows.
  filled.style.width = `${Math.max(0.5, (value / widest) * 100)}%`;
  return el('div', { class: 'bar-row' },
    el('span', { class: 'bar-label' }, label),
    el('span', { class: 'bar-track' }, filled),
    el('span', { class: 'bar-value' }, tokens(value)),
  );
}

/** @param {State} state */
function upfrontNote(state) {
  if (state.mode === 'full') return 'Mode full: a client gets every enabled tool in its first tools/list.';
  const find = state.totals.findAndCallTokens ? ` Each find-and-call then adds about ${fmt(state.totals.findAndCallTokens)} tokens (the search result and the found tools joining the list).` : '';
  return `Mode ${state.mode}: a new session lists ${fmt(state.totals.upfrontTools)} tools and finds the rest by search.${find} Full is what a client pays for every enabled tool and its instructions without the gateway.`;
}

/** Family and instruction segments of one server's bar. @param {Upstream} u */
function segmentsOf(u) {
  const parts = u.families.map((f, i) => ({ label: f.name, tokens: f.tokens, colour: `c${i % COLOURS}` }));
  if (u.instructionTokens) parts.push({ label: 'instructions', tokens: u.instructionTokens, colour: 'instr' });
  return parts;
}

function renderWeight() {
  const state = app.state;
  const box = byId('weight-body');
  if (!state || box.closest('[hidden]')) return;
  if (state.upstreams.length === 0) return fill(box, el('p', { class: 'empty' }, 'No servers configured.'));
  fill(box, weightChart(state.upstreams, chartWidth(box)), weightTable(state.upstreams));
}

/** @param {Upstream[]} upstreams @param {number} width */
function weightChart(upstreams, width) {
  const rowHeight = 52;
  const barHeight = 24;
  const heaviest = Math.max(1, ...upstreams.map((u) => segmentsOf(u).reduce((s, p) => s + p.tokens, 0)));
  const rows = upstreams.map((u, i) => weightRow(u, i * rowHeight, barHeight, width, heaviest));
  const summary = upstreams
    .map((u) => `${u.name} ${tokens(u.tokens)}${instructionsText(u)}${u.families.length ? ` (${u.families.map((f) => `${f.name} ${fmt(f.tokens)}`).join(', ')})` : ''}`)
    .join('; ');
  return svg('svg', {
    id: 'weight-chart', class: 'chart', role: 'img', viewBox: `0 0 ${width} ${upstreams.length * rowHeight}`,
    'aria-label': `Stacked bars of tool tokens per server, one segment per family: ${summary}.`,
  }, ...rows);
}

/** @param {Upstream} u @param {number} top @param {number} barHeight @param {number} width @param {number} heaviest */
function weightRow(u, top, barHeight, width, heaviest) {
  const group = svg('g', { transform: `translate(0 ${top})` });
  const total = segmentsOf(u).reduce((s, p) => s + p.tokens, 0);
  group.append(svg('text', { x: 0, y: 14, class: 'chart-label' }, `${u.name} · ${tokens(u.tokens)}${instructionsText(u)}`));
  if (total === 0) {
    group.append(svg('rect', { x: 0, y: 20, width, height: barHeight, class: 'empty-bar', rx: 3 }));
    group.append(svg('text', { x: 8, y: 20 + barHeight / 2 + 4, class: 'chart-note' }, 'no tools known'));
    return group;
  }
  let x = 0;
  for (const part of segmentsOf(u)) {
    const w = (part.tokens / heaviest) * width;
    group.append(svg('rect', { x, y: 20, width: Math.max(0, w - 1), height: barHeight, class: `seg ${part.colour}` },
      svg('title', {}, `${u.name}/${part.label}: ${tokens(part.tokens)}`)));
    const text = segmentText(part.label, part.tokens, w);
    if (text) group.append(svg('text', { x: x + 5, y: 20 + barHeight / 2 + 4, class: 'seg-label' }, text));
    x += w;
  }
  return group;
}

/** @param {Upstream} u */
function instructionsText(u) {
  return u.instructionTokens ? ` + ${fmt(u.instructionTokens)} of instructions` : '';
}

/** The longest label that fits a segment: name and count, the count, or nothing. @param {string} name @param {number} count @param {number} width */
function segmentText(name, count, width) {
  const charWidth = 6.6; // about the width of a 11px system-font character
  for (const text of [`${name} ${fmt(count)}`, fmt(count)]) if (text.length * charWidth + 10 <= width) return text;
  return '';
}

/** @param {Upstream[]} upstreams */
function weightTable(upstreams) {
  const rows = [];
  for (const u of upstreams) {
    rows.push(el('tr', { class: 'subtotal' }, el('th', { scope: 'row' }, u.name), el('td', {}, 'all'), el('td', { class: 'num' }, fmt(toolCount(u))), el('td', { class: 'num' }, fmt(u.tokens))));
    for (const f of u.families) rows.push(el('tr', {}, el('td', {}, ''), el('td', {}, f.name), el('td', { class: 'num' }, fmt(f.tools.length)), el('td', { class: 'num' }, fmt(f.tokens))));
    if (u.instructionTokens) rows.push(el('tr', {}, el('td', {}, ''), el('td', {}, 'instructions'), el('td', { class: 'num' }, ''), el('td', { class: 'num' }, fmt(u.instructionTokens))));
  }
  return el('div', { class: 'table-wrap' },
    el('table', { class: 'data compact' },
      el('caption', { class: 'visually-hidden' }, 'Tokens per server and family'),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Server'), el('th', { scope: 'col' }, 'Family'), el('th', { scope: 'col', class: 'num' }, 'Tools'), el('th', { scope: 'col', class: 'num' }, 'Tokens'))),
      el('tbody', {}, ...rows)));
}

/** @param {Upstream} u */
function toolCount(u) {
  return u.families.reduce((s, f) => s + f.tools.length, 0);
}

/** @param {Tool[]} tools @returns {'on'|'off'|'mixed'} */
function groupState(tools) {
  const on = tools.filter((t) => t.state !== 'disabled').length;
  if (tools.length === 0 || on === tools.length) return 'on';
  return on === 0 ? 'off' : 'mixed';
}

function renderServers() {
  const state = app.state;
  if (!state) return;
  const list = byId('server-list');
  if (state.upstreams.length === 0) return fill(list, el('p', { class: 'empty' }, 'No upstream servers in the configuration.'));
  fill(list, ...state.upstreams.map(serverBlock));
  tickRetries();
}

/** @param {Upstream} u */
function serverBlock(u) {
  const tools = u.families.flatMap((f) => f.tools);
  const on = tools.filter((t) => t.state !== 'disabled').length;
  const openFamilies = tools.length <= OPEN_FAMILIES_UP_TO || u.families.length < 2;
  const summary = el('summary', {},
    el('span', { class: 'name' }, u.name),
    el('span', { class: `badge status-${u.status}` }, u.status),
    el('span', { class: 'tokens' }, tokens(u.tokens)),
    el('span', { class: 'muted' }, `${on} of ${tools.length} tools on`),
  );
  const body = [
    u.error || u.status === 'down' ? statusLine(u) : null,
    u.instructionTokens ? el('p', { class: 'muted small' }, `Instructions: ${tokens(u.instructionTokens)}`) : null,
    tools.length === 0 ? el('p', { class: 'empty' }, 'No tools known yet.') : null,
    ...u.families.map((f) => familyBlock(u, f, openFamilies)),
  ];
  return el('div', { class: 'server', 'data-server': u.name, 'data-status': u.status, 'data-tokens': u.tokens },
    groupSwitch({ server: u.name, label: `server ${u.name}` }, tools, 'server', `server:${u.name}`),
    rememberedDetails(`details:server:${u.name}`, true, summary, ...body));
}

/** @param {Upstream} u */
function statusLine(u) {
  const line = el('p', { class: 'status-line', role: 'note' }, u.error ? u.error : `Server is ${u.status}.`);
  if (u.status === 'down' && typeof u.retryInS === 'number') {
    line.append(' ', el('span', { class: 'retry', 'data-retry-at': Date.now() + u.retryInS * 1000 }, retryText(u.retryInS)));
  }
  return line;
}

/** @param {number} seconds */
function retryText(seconds) {
  return seconds > 0 ? `Retrying in ${fmt(seconds)} s.` : 'Retrying now.';
}

/** Count the retry times down between state fetches. */
function tickRetries() {
  for (const node of document.querySelectorAll('[data-retry-at]')) {
    const left = Math.max(0, Math.ceil((Number(node.getAttribute('data-retry-at')) - Date.now()) / 1000));
    const text = retryText(left);
    if (node.textContent !== text) node.textContent = text;
  }
}

/** @param {Upstream} u @param {Family} f @param {boolean} openByDefault */
function familyBlock(u, f, openByDefault) {
  const on = f.tools.filter((t) => t.state !== 'disabled').length;
  const summary = el('summary', {},
    el('span', { class: 'name' }, f.name),
    el('span', { class: 'tokens' }, tokens(f.tokens)),
    el('span', { class: 'muted' }, `${on} of ${f.tools.length} on`),
    f.pattern ? el('code', { class: 'pattern' }, f.pattern) : null,
  );
  return el('div', { class: 'family', 'data-family': `${u.name}/${f.name}`, 'data-state': groupState(f.tools) },
    groupSwitch({ server: u.name, family: f.name, label: `family ${u.name}/${f.name}` }, f.tools, 'family', `family:${u.name}/${f.name}`),
    rememberedDetails(`details:family:${u.name}/${f.name}`, openByDefault, summary,
      el('ul', { class: 'tools' }, ...f.tools.map((t) => toolRow(u, t)))));
}

/**
 * The switch for a server or a family: a native checkbox, so "mixed" is its indeterminate state.
 * @param {ToggleTarget} target @param {Tool[]} tools @param {'server'|'family'} kind @param {string} key
 */
function groupSwitch(target, tools, kind, key) {
  const state = groupState(tools);
  const input = el('input', {
    type: 'checkbox', class: 'switch', 'data-toggle': kind, 'data-key': key, 'data-state': state,
    'aria-label': `Enable ${target.label}`, checked: state === 'on', indeterminate: state === 'mixed',
    'aria-checked': state === 'mixed' ? 'mixed' : null,
  });
  app.toggleTargets.set(input, target);
  return el('span', { class: `switch-wrap ${kind}-switch` }, input);
}

/** @param {Upstream} u @param {Tool} t */
function toolRow(u, t) {
  const id = `${u.name}/${t.name}`;
  const input = el('input', {
    type: 'checkbox', role: 'switch', class: 'switch', 'data-toggle': 'tool', 'data-key': `tool:${id}`,
    'aria-label': `Enable ${id}`, checked: t.state !== 'disabled',
  });
  app.toggleTargets.set(input, { server: u.name, tool: t.name, label: id });
  // The name is not a <label>: a click on it should not write the configuration.
  return el('li', { class: 'tool', 'data-tool': id, 'data-state': t.state },
    el('div', { class: 'tool-main' },
      el('span', { class: 'tool-name' }, t.name),
      el('span', { class: 'tokens' }, tokens(t.tokens)),
      t.state !== 'enabled' ? el('span', { class: `badge state-${t.state}` }, t.state) : null,
      t.by ? el('small', { class: 'by', title: 'the config layer that decided' }, `by ${t.by}`) : null),
    input,
    t.description ? el('p', { class: 'desc' }, t.description) : null,
  );
}

// ---------- toggles ----------

/** @param {Event} event */
function onSwitchChange(event) {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || !input.dataset.toggle) return;
  const target = app.toggleTargets.get(input);
  if (!target) return;
  input.removeAttribute('aria-checked'); // no longer mixed: the box now says what was asked
  const enabled = input.checked;
  const scope = /** @type {HTMLSelectElement} */ (byId('scope')).value;
  if (scope === 'agent' && !app.agent) {
    say('Choose or type an agent first: the Agent scope writes that agent\'s rules.', 'error');
    keepingFocus(renderServers);
    return;
  }
  app.writes = app.writes.then(() => writeToggle(target, scope, enabled));
}

/** @param {ToggleTarget} target @param {string} scope @param {boolean} enabled */
async function writeToggle(target, scope, enabled) {
  const body = {
    server: target.server,
    ...(target.family ? { family: target.family } : {}),
    ...(target.tool ? { tool: target.tool } : {}),
    scope,
    ...(scope === 'agent' ? { agent: app.agent } : {}),
    enabled,
  };
  say(`${enabled ? 'Enabling' : 'Disabling'} ${target.label}…`, 'info');
  try {
    const result = await requestJSON('/ui/api/toggle', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const message = typeof result?.message === 'string' ? result.message : `${target.label} ${enabled ? 'enabled' : 'disabled'}`;
    say(result?.changed === false ? `${message} (no change: it already was)` : message, 'ok');
  } catch (error) {
    say(`Not changed: ${errorText(error)}`, 'error');
  }
  await loadState(); // also puts a refused switch back where it was
}

// ---------- clients view ----------

const LOADING_TEXT = /** @type {Record<string, string>} */ ({
  full: 'full: every tool definition up front',
  deferred: 'deferred: names first, definitions on search',
  names: 'names: tool names up front',
});

function renderClients() {
  const clients = app.state?.clients ?? [];
  const list = byId('client-list');
  if (clients.length === 0) return fill(list, el('p', { class: 'empty' }, 'No client rules loaded.'));
  fill(list, ...clients.map(clientCard));
}

/** @param {ClientRule} c */
function clientCard(c) {
  const over = c.maxTools !== null && c.tools > c.maxTools;
  const upfrontTools = app.state?.totals.upfrontTools ?? 0;
  const widest = Math.max(c.direct.firstTurn, c.gateway.firstTurn, 1);
  return el('article', { class: `client${over ? ' over' : ''}`, 'data-client': c.client, 'data-over': over ? 'true' : 'false' },
    el('h3', {}, c.label, ' ', el('span', { class: 'version' }, c.version ?? '')),
    el('dl', {},
      el('dt', {}, 'Loading'), el('dd', {}, LOADING_TEXT[c.loading] ?? c.loading),
      el('dt', {}, 'Tools'), el('dd', { class: over ? 'over-text' : '' }, toolCapText(c, over), el('br'), el('span', { class: 'muted' }, `${fmt(upfrontTools)} through the gateway`)),
      el('dt', {}, 'Description cap'), el('dd', {}, c.descriptionMaxChars === null ? 'none' : `${fmt(c.descriptionMaxChars)} characters`),
      el('dt', {}, 'First turn'), el('dd', {}, `${tokens(c.direct.firstTurn)} direct, ${tokens(c.gateway.firstTurn)} through the gateway`),
      el('dt', {}, 'Each later turn'), el('dd', {}, `${tokens(c.direct.perTurn)} direct, ${tokens(c.gateway.perTurn)} through the gateway`),
    ),
    el('div', { class: 'bars', 'aria-hidden': 'true' },
      bar('Direct', c.direct.firstTurn, widest, 'c3'),
      bar('Gateway', c.gateway.firstTurn, widest, 'c0')),
    c.notes?.length ? el('ul', { class: 'notes' }, ...c.notes.map((n) => el('li', {}, n))) : null,
  );
}

/** @param {ClientRule} c @param {boolean} over */
function toolCapText(c, over) {
  if (c.maxTools === null) return `${fmt(c.tools)} direct, no cap`;
  if (over) return `${fmt(c.tools)} direct: over the cap of ${fmt(c.maxTools)} by ${fmt(c.tools - c.maxTools)}`;
  return `${fmt(c.tools)} direct, cap ${fmt(c.maxTools)}`;
}

// ---------- trace view ----------

function renderTrace() {
  renderTraceLive();
  renderSummaryTables();
}

/** What changes with every live entry: the request table and the chart. */
function renderTraceLive() {
  renderTraceRows();
  renderSessionChart();
  renderTraceEmptyText();
}

/** Colour index per session, in order of first appearance, shared by the table and the chart. */
function sessionColours() {
  /** @type {Map<string, number>} */
  const colours = new Map();
  for (const e of app.entries) if (!colours.has(e.session)) colours.set(e.session, colours.size % COLOURS);
  return colours;
}

function renderTraceRows() {
  const colours = sessionColours();
  const rows = [];
  for (let i = app.entries.length - 1; i >= 0; i--) {
    const e = app.entries[i];
    if (e) rows.push(traceRow(e, colours.get(e.session) ?? 0));
  }
  fill(byId('trace-rows'), ...rows);
}

/** @param {Entry} e @param {number} colour */
function traceRow(e, colour) {
  const received = e.resultTokens ?? e.definitionTokens;
  return el('tr', { 'data-trace-row': true, 'data-tool': e.tool ?? '', 'data-session': e.session, class: e.isError ? 'is-error' : '' },
    el('td', {}, el('time', { datetime: e.time }, clock(e.time))),
    el('td', {}, sessionCell(e.session, colour)),
    el('td', {}, e.client ? `${e.client.name}${e.client.version ? ` ${e.client.version}` : ''}` : '—'),
    el('td', {}, e.agent ?? '—'),
    el('td', {}, e.method),
    el('td', { class: 'tool-cell' }, e.tool ?? '—'),
    el('td', { class: 'num' }, received === undefined ? '—' : fmt(received)),
    el('td', { class: 'num' }, e.cut && typeof e.upstreamTokens === 'number' ? fmt(e.upstreamTokens) : ''),
    el('td', { class: 'num' }, fmtMs(e.latencyMs)),
    el('td', {}, ...marks(e)),
  );
}

/** @param {string} session @param {number} colour */
function sessionCell(session, colour) {
  return el('span', { class: 'session', title: session },
    el('span', { class: `swatch c${colour}`, 'aria-hidden': 'true' }), el('code', {}, shortId(session)));
}

/** @param {Entry} e */
function marks(e) {
  const out = [];
  if (e.isError) out.push(el('span', { class: 'badge mark-error' }, 'error'));
  if (e.cut) out.push(el('span', { class: 'badge mark-cut', title: 'the result was cut to fit the limit' }, 'cut'));
  if (e.warned) out.push(el('span', { class: 'badge mark-warned', title: 'the result was over the warning level' }, 'warned'));
  if (e.error) out.push(el('span', { class: 'error-text', title: e.error }, e.error));
  return out;
}

function renderTraceEmptyText() {
  const empty = byId('trace-empty');
  empty.hidden = app.entries.length > 0;
  byId('requests-wrap').hidden = app.entries.length === 0;
  empty.textContent = app.state && !app.state.serving
    ? 'No requests: mcp-slim ui has no MCP endpoint. Run mcp-slim serve --http to trace requests.'
    : 'No requests yet. They appear here as clients list and call tools.';
}

function renderSummaryTables() {
  const summary = app.summary;
  renderStats(summary);
  const colours = sessionColours();
  const sessions = summary?.sessions ?? [];
  const tools = summary?.tools ?? [];
  fillBody('sessions', sessions.map((s) => sessionRow(s, colours.get(s.session) ?? 0)), 10, 'No sessions yet.');
  fillBody('tools', tools.map(toolTotalRow), 9, 'No tool calls yet.');
}

/** @param {string} tableId @param {HTMLElement[]} rows @param {number} columns @param {string} emptyText */
function fillBody(tableId, rows, columns, emptyText) {
  const body = byId(tableId).querySelector('tbody');
  if (!body) return;
  fill(body, ...(rows.length ? rows : [el('tr', {}, el('td', { colspan: columns, class: 'empty' }, emptyText))]));
}

/** @param {SessionTotal} s @param {number} colour */
function sessionRow(s, colour) {
  return el('tr', { 'data-session': s.session },
    el('th', { scope: 'row' }, sessionCell(s.session, colour)),
    el('td', {}, s.client ?? '—'),
    el('td', {}, s.agent ?? '—'),
    el('td', { class: 'nowrap' }, `${clock(s.from)} – ${clock(s.to)}`),
    el('td', { class: 'num' }, fmt(s.calls)),
    el('td', { class: 'num' }, fmt(s.peakDefinitionTokens)),
    el('td', { class: 'num' }, fmt(s.resultTokens)),
    el('td', { class: 'num' }, fmt(s.upstreamTokens)),
    el('td', { class: 'num strong' }, fmt(s.contextTokens)),
    el('td', { class: 'num' }, fmt(s.errors)),
  );
}

/** @param {ToolTotal} t */
function toolTotalRow(t) {
  return el('tr', { 'data-tool': t.tool },
    el('th', { scope: 'row', class: 'tool-cell' }, t.tool),
    el('td', {}, t.server ?? '—'),
    el('td', { class: 'num' }, fmt(t.calls)),
    el('td', { class: 'num strong' }, fmt(t.resultTokens)),
    el('td', { class: 'num' }, fmt(t.upstreamTokens)),
    el('td', { class: 'num' }, fmt(t.maxResultTokens)),
    el('td', { class: 'num' }, fmtMs(t.meanLatencyMs)),
    el('td', { class: 'num' }, fmt(t.errors)),
    el('td', { class: 'num' }, fmt(t.cuts)),
  );
}

/** @param {Summary|null} summary */
function renderStats(summary) {
  const box = byId('trace-stats');
  if (!summary) return fill(box);
  const t = summary.totals;
  const stat = (/** @type {string} */ label, /** @type {number|undefined} */ value) =>
    el('div', { class: 'stat' }, el('dt', {}, label), el('dd', {}, fmt(value)));
  fill(box, el('dl', { class: 'stat-list' },
    stat('Calls', t.calls), stat('Errors', t.errors), stat('Cut results', t.cuts),
    stat('Context tokens', t.contextTokens), stat('Tokens kept out by cuts', t.savedTokens)));
}

/**
 * Context tokens per session as they grow, counted as `mcp-slim trace` counts them: the largest
 * tool list so far (a new listing replaces the last, it does not add to it) plus every result.
 * @returns {{session: string, colour: number, label: string, points: {t: number, total: number}[]}[]}
 */
function sessionSeries() {
  const colours = sessionColours();
  /** @type {Map<string, {session: string, colour: number, label: string, points: {t: number, total: number}[]}>} */
  const series = new Map();
  /** @type {Map<string, {peak: number, results: number}>} */
  const sums = new Map();
  for (const e of app.entries) {
    const sum = sums.get(e.session) ?? { peak: 0, results: 0 };
    sums.set(e.session, sum);
    sum.peak = Math.max(sum.peak, e.definitionTokens ?? 0);
    sum.results += e.resultTokens ?? 0;
    const t = Date.parse(e.time);
    if (Number.isNaN(t)) continue;
    let line = series.get(e.session);
    if (!line) {
      const who = [e.client?.name, e.agent ? `agent ${e.agent}` : ''].filter(Boolean).join(', ');
      line = { session: e.session, colour: colours.get(e.session) ?? 0, label: who, points: [] };
      series.set(e.session, line);
    }
    line.points.push({ t, total: sum.peak + sum.results });
  }
  const lines = [...series.values()].filter((l) => (l.points.at(-1)?.total ?? 0) > 0);
  // The most recently active sessions, when there are more than the colours can tell apart,
  // listed in the order they began so the legend does not reshuffle as they take turns.
  const recent = new Set([...lines].sort((a, b) => (b.points.at(-1)?.t ?? 0) - (a.points.at(-1)?.t ?? 0)).slice(0, MAX_CHART_SESSIONS));
  return lines.filter((l) => recent.has(l));
}

function renderSessionChart() {
  const box = byId('session-chart-body');
  if (box.closest('[hidden]')) return;
  const lines = sessionSeries();
  if (lines.length === 0) return fill(box, el('p', { class: 'empty', id: 'session-chart-empty' }, 'No calls yet: the chart starts with the first tools/list or tool call.'));
  const all = new Set(app.entries.map((e) => e.session)).size;
  fill(box,
    sessionChart(lines, chartWidth(box)),
    el('ul', { class: 'legend' }, ...lines.map((l) => el('li', {},
      el('span', { class: `swatch c${l.colour}`, 'aria-hidden': 'true' }),
      el('code', { title: l.session }, shortId(l.session)),
      l.label ? ` ${l.label}` : '',
      `: ${tokens(l.points.at(-1)?.total ?? 0)}`))),
    all > lines.length ? el('p', { class: 'hint' }, `Showing the ${lines.length} most recent of ${all} sessions.`) : '');
}

/** @param {{session: string, colour: number, points: {t: number, total: number}[]}[]} lines @param {number} width */
function sessionChart(lines, width) {
  const height = width < 500 ? 220 : 260;
  const pad = { left: 58, right: 14, top: 12, bottom: 26 };
  const times = lines.flatMap((l) => l.points.map((p) => p.t));
  const t0 = Math.min(...times);
  const span = Math.max(1000, Math.max(...times) - t0);
  const highest = Math.max(...lines.map((l) => l.points.at(-1)?.total ?? 0));
  const step = niceStep(highest / 5);
  const top = Math.max(1, Math.ceil(highest / step)) * step;
  const x = (/** @type {number} */ t) => pad.left + ((t - t0) / span) * (width - pad.left - pad.right);
  const y = (/** @type {number} */ v) => pad.top + (1 - v / top) * (height - pad.top - pad.bottom);
  const summary = lines.map((l) => `${shortId(l.session)} reached ${tokens(l.points.at(-1)?.total ?? 0)}`).join('; ');
  return svg('svg', {
    id: 'session-chart', class: 'chart', role: 'img', viewBox: `0 0 ${width} ${height}`,
    'aria-label': `Line chart of cumulative context tokens per session, ${clock(new Date(t0).toISOString())} to ${clock(new Date(t0 + span).toISOString())}: ${summary}.`,
  },
  ...yAxis(top, step, y, pad.left, width - pad.right),
  ...xAxis(t0, span, x, height - pad.bottom, width < 500 ? 3 : 5),
  ...lines.map((l) => svg('path', { class: `line c${l.colour}`, d: stepPath(l.points, x, y) })),
  ...lines.map((l) => {
    const last = l.points.at(-1);
    return last ? svg('circle', { class: `dot c${l.colour}`, cx: x(last.t), cy: y(last.total), r: 3.5 }) : null;
  }).filter((n) => n !== null));
}

/** A step line: the total holds until the next request adds to it. @param {{t: number, total: number}[]} points @param {(t: number) => number} x @param {(v: number) => number} y */
function stepPath(points, x, y) {
  let d = '';
  let previous = 0;
  for (const [i, p] of points.entries()) {
    d += i === 0 ? `M${x(p.t).toFixed(1)},${y(0).toFixed(1)}` : '';
    d += `L${x(p.t).toFixed(1)},${y(previous).toFixed(1)}L${x(p.t).toFixed(1)},${y(p.total).toFixed(1)}`;
    previous = p.total;
  }
  return d;
}

/** A round step near value, so axis labels read 50k, not 62.5k. @param {number} value */
function niceStep(value) {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((m) => m * magnitude >= value) ?? 10) * magnitude;
}

/** @param {number} top @param {number} step @param {(v: number) => number} y @param {number} left @param {number} right */
function yAxis(top, step, y, left, right) {
  const out = [];
  for (let v = 0; v <= top; v += step) {
    out.push(svg('line', { class: 'grid', x1: left, x2: right, y1: y(v), y2: y(v) }));
    out.push(svg('text', { class: 'axis', x: left - 6, y: y(v) + 4, 'text-anchor': 'end' }, compact(v)));
  }
  return out;
}

/** @param {number} t0 @param {number} span @param {(t: number) => number} x @param {number} bottom @param {number} ticks */
function xAxis(t0, span, x, bottom, ticks) {
  const out = [svg('line', { class: 'axis-line', x1: x(t0), x2: x(t0 + span), y1: bottom, y2: bottom })];
  for (let i = 0; i < ticks; i++) {
    const t = t0 + (span / (ticks - 1)) * i;
    const anchor = i === 0 ? 'start' : i === ticks - 1 ? 'end' : 'middle';
    out.push(svg('text', { class: 'axis', x: x(t), y: bottom + 16, 'text-anchor': anchor }, shortClock(t, span)));
  }
  return out;
}

/** @param {number} t @param {number} span */
function shortClock(t, span) {
  const options = /** @type {Intl.DateTimeFormatOptions} */ (span > 20 * 3600_000
    ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }
    : { hour: '2-digit', minute: '2-digit', ...(span < 180_000 ? { second: '2-digit' } : {}), hour12: false });
  return new Date(t).toLocaleString('en-US', options);
}

/** Axis labels: 12,500 reads as 12.5k where room is short. @param {number} v */
function compact(v) {
  return v >= 10_000 ? `${numberFormat.format(Math.round(v / 100) / 10)}k` : fmt(v);
}

// ---------- start ----------

function wireControls() {
  byId('controls').addEventListener('submit', (event) => event.preventDefault());
  byId('scope').addEventListener('change', renderScopeHint);
  const agent = /** @type {HTMLInputElement} */ (byId('agent'));
  agent.addEventListener('change', () => {
    const name = agent.value.trim();
    if (name === app.agent) return;
    app.agent = name;
    renderScopeHint();
    void loadState();
  });
  byId('server-list').addEventListener('change', onSwitchChange);
  byId('status-close').addEventListener('click', () => say('', 'info'));
  let resizeTimer = /** @type {ReturnType<typeof setTimeout>|undefined} */ (undefined);
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => { renderWeight(); renderSessionChart(); }, 150);
  });
  setInterval(tickRetries, 1000);
}

function start() {
  wireTabs();
  wireControls();
  showView(viewFromHash());
  void loadState();
  void loadTrace();
  listen();
}

start();
