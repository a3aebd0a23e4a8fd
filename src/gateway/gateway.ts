import type { Catalog, JsonObject, RawTool } from '../catalog/types.js';
import { toolMatcher } from '../catalog/select.js';
import { newCatalog } from '../catalog/catalog-file.js';
import { instructionParts, type InstructionParts } from './instruction-parts.js';
import type { ToolSearchIndex } from '../search/tool-index.js';
import { applyOverlay, type Overlay } from '../slim/overlay.js';
import { Upstream } from './upstream.js';
import { ToolNames } from './naming.js';
import { toolDecision, type ToolDecision } from './config/tool-state.js';
import type { GatewayConfig, GatewayMode, ToolState } from './types.js';

/** The parts of the configuration that decide which tools each agent sees: the ones that can change while serving. */
export type FilterRules = Pick<GatewayConfig, 'layers' | 'agents' | 'groups' | 'pinned'>;

/** The rules of a configuration, as the gateway keeps them. */
export const rulesOf = (config: GatewayConfig): FilterRules => ({ layers: config.layers, agents: config.agents, groups: config.groups, pinned: config.pinned });

/** The accounting log as the gateway uses it (src/gateway/accounting.ts). */
export interface RequestLog {
  record(entry: Record<string, unknown> & { method: string; latencyMs: number }): void;
}

export interface GatewayDeps {
  /** slim mode: the overlay, and its manuals by file (`manual/<family>.md`). */
  overlay?: Overlay;
  manuals?: ReadonlyMap<string, string>;
  log?: RequestLog;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Startup and restart messages (stderr in the CLI). */
  notice?: (line: string) => void;
}

/**
 * The gateway's state shared by every client session: the upstream servers, the public names of
 * their tools, the search index over them, and the slim overlay once verified against the live
 * tools. Sessions (gateway-session.ts) read it; nothing here touches a client transport.
 */
export class Gateway {
  readonly upstreams = new Map<string, Upstream>();
  readonly names = new ToolNames();
  private searchIndex?: ToolSearchIndex;
  /** server → its tools as slim mode serves them (verified), when an overlay covers it. */
  private readonly slimTools = new Map<string, RawTool[]>();
  private readonly listeners = new Set<() => void>();
  private readonly phaseMatchers = new Map<string, (server: string, tool: string) => boolean>();
  /** Which tools each agent sees: the config's rules, replaced by setFilters when a config file changes. */
  private filters: FilterRules;
  /** Per agent (or none), its decisions under the rules in force, and their states alone. */
  private readonly views = new Map<string, { decide: (server: string, tool: string) => ToolDecision; state: (server: string, tool: string) => ToolState }>();

  constructor(
    readonly config: GatewayConfig,
    readonly deps: GatewayDeps,
  ) {
    this.filters = rulesOf(config);
    for (const spec of config.upstreams) {
      const upstream = new Upstream(spec, { env: deps.env, cwd: deps.cwd, timeoutMs: config.timeoutMs, ...(config.passEnv?.length ? { passEnv: config.passEnv } : {}) }, {
        onTools: (u) => this.toolsChanged(u),
        onStatus: (u, reason) => this.statusChanged(u, reason),
      });
      this.upstreams.set(spec.name, upstream);
    }
    for (const [phase, patterns] of Object.entries(config.phases)) this.phaseMatchers.set(phase, toolMatcher(patterns));
  }

  /** What was last said of each upstream, so a server that keeps failing the same way is reported once. */
  private readonly said = new Map<string, string>();

  /** A notice on each change of state or of reason, not on every retry of a broken upstream. */
  private statusChanged(u: Upstream, reason?: string): void {
    this.version++;
    this.checkFirstListing();
    const key = `${u.status}:${u.status === 'down' ? (reason ?? '') : ''}`;
    const before = this.said.get(u.name);
    if (u.status === 'starting' || key === before) return;
    this.said.set(u.name, key);
    if (u.status === 'down') this.deps.notice?.(`upstream ${u.name} is down: ${reason}; retrying with backoff (said again only if this changes)`);
    else this.deps.notice?.(`upstream ${u.name} ${before?.startsWith('down') ? 'is back' : 'ready'}: ${u.tools.length} tools`);
  }

  /**
   * Call `listener` once, when every upstream has answered or failed for the first time: the
   * moment the configuration can be checked against the tools that really exist.
   */
  onFirstListing(listener: () => void): void {
    const pending = () => [...this.upstreams.values()].some((u) => u.status === 'starting');
    if (!pending()) return void queueMicrotask(listener);
    this.firstListing.push(listener);
  }

  private readonly firstListing: (() => void)[] = [];

  private checkFirstListing(): void {
    if (!this.firstListing.length || [...this.upstreams.values()].some((u) => u.status === 'starting')) return;
    for (const listener of this.firstListing.splice(0)) listener();
  }

  /**
   * The search over every upstream's tools. Its vocabulary takes a fifth of a second to build, so
   * it is loaded when the gateway starts, not when it is imported: a port in use is said first.
   */
  get index(): ToolSearchIndex {
    if (!this.searchIndex) throw new Error('the gateway has not started: its search index is loaded by start()');
    return this.searchIndex;
  }

  /** Start every upstream at once; one that fails is reported and retried, the others serve. */
  async start(): Promise<void> {
    this.searchIndex ??= new (await import('../search/tool-index.js')).ToolSearchIndex();
    await Promise.all([...this.upstreams.values()].map((u) => u.start()));
  }

  async stop(): Promise<void> {
    await Promise.all([...this.upstreams.values()].map((u) => u.stop()));
  }

  modeOf(server: string): GatewayMode {
    return this.config.modes[server] ?? this.config.mode;
  }

  usesMode(mode: GatewayMode): boolean {
    return this.config.mode === mode || Object.values(this.config.modes).includes(mode) || [...this.upstreams.keys()].some((s) => this.modeOf(s) === mode);
  }

  inPhase(phase: string | undefined, server: string, tool: string): boolean {
    return phase !== undefined && (this.phaseMatchers.get(phase)?.(server, tool) ?? false);
  }

  private viewFor(agent: string | undefined) {
    const key = agent ?? '\u0000';
    let view = this.views.get(key);
    if (!view) {
      const decide = toolDecision({ ...this.config, ...this.filters }, agent);
      view = { decide, state: (server, tool) => decide(server, tool).state };
      this.views.set(key, view);
    }
    return view;
  }

  /** Why each tool is enabled or not for one agent (or none), under the rules in force now. */
  decisionFor(agent?: string): (server: string, tool: string) => ToolDecision {
    return this.viewFor(agent).decide;
  }

  /** `(server, tool) → state` for one agent (or none), under the rules in force now. */
  stateFor(agent?: string): (server: string, tool: string) => ToolState {
    return this.viewFor(agent).state;
  }

  /** The enable/disable rules in force. */
  get rules(): FilterRules {
    return this.filters;
  }

  /**
   * New enable/disable rules (a config file was edited, by hand or from the page): every session's
   * listing follows at once, and each is sent list_changed.
   */
  setFilters(rules: FilterRules): void {
    this.filters = rules;
    this.views.clear();
    this.version++;
    for (const listener of this.listeners) listener();
  }

  /** Counts every change of tools, status or rules: a view built from the gateway is fresh while this stays the same. */
  version = 0;

  /** A session subscribes to be told when any upstream's tools change (to send list_changed). */
  onToolsChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The tools of a server as its mode serves them: slim text where the overlay verified, else as sent. */
  servedTools(server: string): RawTool[] {
    const upstream = this.upstreams.get(server);
    if (!upstream || upstream.status !== 'ready') return [];
    return this.modeOf(server) === 'slim' ? (this.slimTools.get(server) ?? upstream.tools) : upstream.tools;
  }

  /** An upstream tool by its public name, with where it lives. */
  lookup(publicName: string): { server: string; tool: RawTool; upstream: Upstream } | undefined {
    const at = this.names.resolve(publicName);
    const upstream = at && this.upstreams.get(at.server);
    const tool = upstream?.tools.find((t) => t.name === at!.tool);
    return tool && upstream ? { server: at!.server, tool, upstream } : undefined;
  }

  /** The manual section for a tool in slim mode: the text slimming moved out, word for word. */
  manualFor(server: string, tool: string): string | undefined {
    const ref = this.deps.overlay?.servers[server]?.tools[tool]?.manual;
    if (!ref) return undefined;
    const [file, anchor] = ref.split('#') as [string, string | undefined];
    const text = this.deps.manuals?.get(file);
    if (!text) return undefined;
    const start = text.indexOf(`\n## ${anchor ?? tool}\n`);
    if (start === -1) return undefined;
    const end = text.indexOf('\n## ', start + 1);
    return text.slice(start + 1, end === -1 ? undefined : end).trim();
  }

  private toolsChanged(upstream: Upstream): void {
    this.version++;
    this.index.remove(upstream.name);
    // Called with the fresh list before the upstream reports ready, and with [] when it went down.
    this.slimTools.delete(upstream.name);
    if (upstream.tools.length) {
      this.index.add(upstream.name, upstream.tools);
      for (const tool of upstream.tools) this.names.publicName(upstream.name, tool.name);
      this.verifyOverlay(upstream);
    }
    for (const listener of this.listeners) listener();
  }

  /**
   * The overlay is checked against the live tools every time they are listed: a slim entry that
   * no longer means what the tool means is refused, and the tool is served as sent.
   */
  private verifyOverlay(upstream: Upstream): void {
    const overlay = this.deps.overlay;
    if (!overlay || this.modeOf(upstream.name) !== 'slim') return;
    const live: Catalog = newCatalog([{ name: upstream.name, origin: { transport: 'stdio', command: '', args: [], source: { kind: 'cli' } }, tools: upstream.tools }]);
    const { catalog, violations } = applyOverlay(live, overlay);
    for (const v of violations.slice(0, 5)) this.deps.notice?.(`overlay refused for ${v.server}/${v.tool}: ${v.path} ${v.message}; serving it as sent`);
    this.slimTools.set(upstream.name, catalog.servers[0]!.tools);
  }

  /** Every ready upstream's instructions, each under its server's name: the index of long ones that split. */
  instructions(include: (server: string) => boolean = () => true): string | undefined {
    const parts = [...this.upstreams.values()].filter((u) => u.instructions && include(u.name)).map((u) => `[${u.name}] ${this.upfrontInstructions(u.name)}`);
    return parts.length ? parts.join('\n\n') : undefined;
  }

  private readonly parts = new Map<string, { key: string; parts: InstructionParts | undefined }>();

  /** A server's instructions split into an index and parts that come with their tools; undefined when served whole. */
  instructionParts(server: string): InstructionParts | undefined {
    const upstream = this.upstreams.get(server);
    if (!upstream?.instructions) return undefined;
    // The split follows the tools (their families): made again when either changes.
    const key = `${upstream.instructions}\u0000${upstream.tools.map((t) => t.name).join('\u0000')}`;
    const cached = this.parts.get(server);
    if (cached?.key === key) return cached.parts;
    const parts = instructionParts(server, upstream.instructions, upstream.tools);
    this.parts.set(server, { key, parts });
    return parts;
  }

  /** What a session gets of a server's instructions before it uses any tool. */
  upfrontInstructions(server: string): string | undefined {
    return this.instructionParts(server)?.index ?? this.upstreams.get(server)?.instructions;
  }

  /** An upstream's capability, for what the gateway advertises and forwards. */
  anyUpstreamHas(capability: string): boolean {
    return [...this.upstreams.values()].some((u) => (u.capabilities as JsonObject | undefined)?.[capability] !== undefined);
  }
}
