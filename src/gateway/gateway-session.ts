import { weakMatch } from '../search/confidence.js';
import { CallToolResultSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { JsonObject, RawTool } from '../catalog/types.js';
import { countTokens } from '../cost/tokenizer.js';
import { sentences } from '../text/sentences.js';
import { modelView } from '../cost/model-view.js';
import type { Gateway } from './gateway.js';
import { DEFERRED_INSTRUCTIONS, isMetaTool, META, type MetaToolName } from '../defer/meta-tools.js';
import type { ToolState } from './types.js';
import type { Upstream } from './upstream.js';
import { contentTokens } from './result-guard.js';
import { parseOffset } from './result-guard/read-result.js';
import { failedCall, firstLineOf, Refused, text, validatorFor, type Fields } from './call-results.js';

/** The name the gateway's own tools are logged under. */
export const GATEWAY_SERVER = 'mcp-slim';

/** How results are kept to size (src/gateway/result-guard.ts). */
/** A progress notification's fields, as the SDK hands them over. */
export type ProgressRelay = (progress: { progress: number; total?: number; message?: string }) => void;
/**
 * Asking the upstream for progress even when the client did not: a tool call that keeps reporting
 * progress then keeps its deadline moving (see Upstream.request).
 */
const NO_PROGRESS: ProgressRelay = () => {};

/** What the result guard did to one result (see result-guard.ts). */
export interface GuardedResult {
  result: JsonObject;
  /** o200k tokens the upstream produced, and what is sent on (notes included). */
  tokens: number;
  /** `tokens` is estimated (see measureTokens). */
  estimated?: boolean;
  sentTokens: number;
  /** Tokens of the structuredContent sent beside the content, when there is one. */
  structuredTokens?: number;
  warned: boolean;
  cut?: { id?: string };
}

export interface ResultGuard {
  /**
   * `validateStructured`: the tool declares an outputSchema, and this checks a structuredContent
   * against it. `owner`: who may read a cut result back (see ResultStore).
   */
  guard(result: JsonObject, options: { owner: string; validateStructured?: (structured: unknown) => boolean }): GuardedResult;
  /** `offset` as the call gave it: read-result.ts parses it (and refuses what is not one). */
  read(id: string, offset: unknown, owner: string): JsonObject;
}

export interface SessionInfo {
  session: string;
  agent?: string;
  client?: { name: string; version: string };
}

/** o200k tokens of a listing as the model reads it, with the instructions that come with it. */
export function listingTokens(tools: readonly RawTool[], instructions: string | undefined): number {
  return countTokens(JSON.stringify(tools.map(modelView)), 'o200k_base') + countTokens(instructions ?? '', 'o200k_base');
}

/** A match scoring at least this share of the best one is shown with its full schema. */
export const CLOSE_MATCH = 0.8;
const firstSentence = (d: unknown): string => (typeof d === 'string' ? (sentences(d)[0]?.text ?? '') : '');

/**
 * One client's view of the gateway: what it is listed (by mode, filter, phase and what it has
 * found), and its calls. Deferred tools found by tool_search join this session's listing.
 */
export class GatewaySession {
  readonly found = new Set<string>();
  phase: string | undefined;
  private readonly seenInstructions = new Set<string>();
  /** `server\u0000family` of the instruction parts this session has been given. */
  private readonly deliveredParts = new Set<string>();
  private unsubscribe?: () => void;
  private debounce?: NodeJS.Timeout;

  constructor(
    private readonly gateway: Gateway,
    private readonly guard: ResultGuard,
    readonly info: SessionInfo,
    /** Called when this session's listing changed (send notifications/tools/list_changed). */
    private readonly listChanged: () => void = () => undefined,
  ) {
    this.phase = gateway.config.phase ?? Object.keys(gateway.config.phases)[0];
    this.unsubscribe = gateway.onToolsChanged(() => this.changedSoon());
  }

  /** Which tools this session's agent may see, under the rules in force now (they can change while it runs). */
  private get state(): (server: string, tool: string) => ToolState {
    return this.gateway.stateFor(this.info.agent);
  }

  close(): void {
    this.unsubscribe?.();
    clearTimeout(this.debounce);
  }

  /** Upstream changes come in bursts (a restart, several servers starting): one notice per burst. */
  private changedSoon(): void {
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => this.listChanged(), 50);
    this.debounce.unref();
  }

  /** Whether this session sees anything of a server: its prompts and resources follow its tools. */
  serverVisible(server: string): boolean {
    const tools = this.gateway.upstreams.get(server)?.tools ?? [];
    return tools.length ? tools.some((t) => this.state(server, t.name) !== 'disabled') : this.state(server, '*') !== 'disabled';
  }

  /** The gateway's own instructions: short in deferred mode, the upstreams' otherwise. */
  instructions(): string | undefined {
    if (this.gateway.config.mode === 'deferred') return DEFERRED_INSTRUCTIONS;
    // A server this session cannot see costs nothing, its instructions included.
    return this.gateway.instructions((server) => this.serverVisible(server));
  }

  private visible(server: string, tool: RawTool, publicName: string): boolean {
    const state = this.state(server, tool.name);
    if (state === 'disabled') return false;
    if (state === 'pinned') return true;
    switch (this.gateway.modeOf(server)) {
      case 'full':
      case 'slim':
        return true;
      case 'deferred':
        return this.found.has(publicName);
      case 'phase':
        return this.gateway.inPhase(this.phase, server, tool.name);
    }
  }

  private metaTools(): RawTool[] {
    const g = this.gateway;
    const out: RawTool[] = [];
    if (g.usesMode('deferred')) out.push(META.tool_search, META.call_tool);
    if (g.usesMode('slim')) out.push(META.read_manual);
    if (g.usesMode('phase')) {
      const phases = Object.keys(g.config.phases);
      out.push({ ...META.set_phase, inputSchema: { ...META.set_phase.inputSchema, properties: { phase: { type: 'string', enum: phases } } } } as RawTool);
    }
    out.push(META.read_result);
    return out as RawTool[];
  }

  listTools(): RawTool[] {
    const started = performance.now();
    const all = this.listing();
    const log = this.gateway.deps.log;
    if (log) log.record({ ...this.logBase(), method: 'tools/list', definitionTokens: listingTokens(all, this.instructions()), tools: all.length, latencyMs: performance.now() - started });
    return all;
  }

  /** What this session is listed now (its own tools first), without logging it. */
  listing(): RawTool[] {
    const tools: RawTool[] = [];
    for (const server of this.gateway.upstreams.keys()) {
      const pinned = this.gateway.upstreams.get(server)!.tools;
      for (const tool of this.gateway.servedTools(server)) {
        const name = this.gateway.names.publicName(server, tool.name);
        if (!this.visible(server, tool, name)) continue;
        // A pinned tool is listed in full: its original definition, not the slim one.
        const definition = this.state(server, tool.name) === 'pinned' ? (pinned.find((t) => t.name === tool.name) ?? tool) : tool;
        tools.push({ ...definition, name });
      }
    }
    return [...this.metaTools(), ...tools];
  }

  private logBase() {
    return { time: new Date().toISOString(), session: this.info.session, ...(this.info.agent ? { agent: this.info.agent } : {}), ...(this.info.client ? { client: this.info.client } : {}) };
  }

  /** Who may read this session's cut results back: the session, and the agent it speaks for. */
  private get owner(): string {
    return `${this.info.session}\u0000${this.info.agent ?? ''}`;
  }

  /**
   * Every call the client makes is logged once: rejected ones with the error the client got,
   * upstream `isError` results as errors, cut results at what the model received (and what the
   * upstream produced beside it).
   */
  async callTool(name: string, args: JsonObject, signal?: AbortSignal, progress?: ProgressRelay): Promise<JsonObject> {
    const started = performance.now();
    let outcome: { result: JsonObject; fields: Fields } | Refused;
    try {
      outcome = await this.run(name, args, signal, progress);
    } catch (error) {
      if (!(error instanceof Refused)) {
        // A bug or a result the guard could not read: still one entry, then the client's error.
        this.gateway.deps.log?.record({ ...this.logBase(), method: 'tools/call', tool: name, latencyMs: performance.now() - started, error: `internal error: ${(error as Error)?.message ?? String(error)}` });
        throw error;
      }
      outcome = error;
    }
    const log = this.gateway.deps.log;
    if (outcome instanceof Refused) {
      log?.record({ ...this.logBase(), method: 'tools/call', tool: name, ...outcome.fields, latencyMs: performance.now() - started, error: outcome.error.message });
      throw outcome.error;
    }
    log?.record({ ...this.logBase(), method: 'tools/call', tool: name, ...outcome.fields, latencyMs: performance.now() - started });
    return outcome.result;
  }

  /** A call refused before it names a tool properly: logged like any rejected call, then thrown. */
  refuse(name: string | undefined, message: string): never {
    const error = new McpError(ErrorCode.InvalidParams, message);
    this.gateway.deps.log?.record({ ...this.logBase(), method: 'tools/call', ...(name ? { tool: name.slice(0, 200) } : {}), latencyMs: 0, error: error.message });
    throw error;
  }

  private async run(name: string, args: JsonObject, signal?: AbortSignal, progress?: ProgressRelay): Promise<{ result: JsonObject; fields: Fields }> {
    if (isMetaTool(name)) {
      const own = { server: GATEWAY_SERVER, mode: this.gateway.config.mode };
      if (name === 'call_tool') {
        const target = typeof args.name === 'string' ? args.name : undefined;
        if (!target || isMetaTool(target)) throw new Refused(new McpError(ErrorCode.InvalidParams, 'call_tool needs "name": a tool found with tool_search'), own);
        const inner = args.arguments;
        const called = await this.run(target, inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as JsonObject) : {}, signal, progress).catch((e: unknown) => {
          throw e instanceof Refused ? new Refused(e.error, { ...e.fields, tool: target, via: 'call_tool' }) : e;
        });
        return { result: called.result, fields: { tool: target, ...called.fields, via: 'call_tool' } };
      }
      try {
        const result = await this.callMeta(name, args);
        const offset = parseOffset(args.offset);
        const page = name === 'read_result' && typeof args.id === 'string' ? { pageOf: args.id, ...(typeof offset === 'number' && Number.isFinite(offset) ? { offset } : {}) } : {};
        return { result, fields: { ...own, resultTokens: contentTokens(result.content), ...page, ...(result.isError ? { isError: true, error: firstLineOf(result) } : {}) } };
      } catch (error) {
        throw error instanceof McpError ? new Refused(error, own) : error;
      }
    }
    const found = this.gateway.lookup(name);
    if (!found || this.state(found.server, found.tool.name) === 'disabled') {
      const down = this.downUpstreamOf(name);
      if (down) {
        const fields = { server: down.name, mode: this.gateway.modeOf(down.name) };
        const wait = down.retryAt ? `; the gateway tries again in ${Math.max(1, Math.round((down.retryAt - Date.now()) / 1000))} s` : '';
        const message = `upstream ${down.name} is ${down.status}${down.lastError ? ` (${down.lastError})` : ''}, so "${name}" cannot run now${wait}`;
        return failedCall(message, fields);
      }
      // A disabled tool cannot be called and is not named as existing.
      throw new Refused(new McpError(ErrorCode.InvalidParams, `unknown tool "${name}"; list the tools, or find one with tool_search`));
    }
    const fields: Fields = { server: found.server, mode: this.gateway.modeOf(found.server) };
    const validate = validatorFor(found.tool.inputSchema ?? { type: 'object' });
    const checked = validate?.(args);
    if (checked && !checked.valid) throw new Refused(new McpError(ErrorCode.InvalidParams, `arguments for "${name}" do not match its input schema: ${checked.errorMessage}`), fields);
    let raw: JsonObject;
    try {
      raw = await found.upstream.request('tools/call', { name: found.tool.name, arguments: args }, undefined, signal, progress ?? NO_PROGRESS);
    } catch (error) {
      const message = `upstream ${found.server} did not answer "${found.tool.name}": ${(error as Error).message}`;
      return failedCall(message, fields);
    }
    // What the SDK Server checked before it handed results on (mcp-server.ts registers below it):
    // a malformed result is the upstream's fault, said to the model, not passed to the client.
    const shape = CallToolResultSchema.safeParse(raw);
    if (!shape.success) {
      const issue = shape.error.issues[0];
      const message = `upstream ${found.server} sent a result for "${found.tool.name}" that is not a valid tools/call result (${issue ? `${issue.path.join('.') || 'result'}: ${issue.message}` : 'malformed'})`;
      return failedCall(message, fields);
    }
    const outputCheck = found.tool.outputSchema === undefined ? undefined : validatorFor(found.tool.outputSchema);
    const guarded = this.guard.guard(raw, { owner: this.owner, ...(outputCheck ? { validateStructured: (v: unknown) => outputCheck(v).valid } : {}) });
    // The first result of a tool whose server's instructions were split carries its family's part.
    const part = this.instructionPart(found.server, found.tool.name);
    const partText = part && `[${found.server} instructions, the part for this tool's family]\n${part}`;
    const result = partText ? { ...guarded.result, content: [...((guarded.result.content as JsonObject[] | undefined) ?? []), { type: 'text', text: partText }] } : guarded.result;
    return {
      result,
      fields: {
        ...fields,
        resultTokens: guarded.sentTokens + (partText ? countTokens(partText, 'o200k_base') : 0),
        ...(partText ? { instructionsPart: true } : {}),
        // What the upstream produced, beside what the model got, when the guard cut it.
        ...(guarded.cut ? { upstreamTokens: guarded.tokens } : {}),
        ...(guarded.structuredTokens !== undefined ? { structuredTokens: guarded.structuredTokens } : {}),
        ...(guarded.cut ? { cut: true, ...(guarded.cut.id ? { resultId: guarded.cut.id } : {}) } : {}),
        ...(guarded.warned ? { warned: true } : {}),
        ...(guarded.estimated ? { estimated: true } : {}),
        ...(raw.isError === true ? { isError: true, error: firstLineOf(raw) } : {}),
      },
    };
  }

  /** A family's part of a server's split instructions, the first time this session meets one of its tools; then never again. */
  private instructionPart(server: string, tool: string): string | undefined {
    const family = this.gateway.instructionParts(server)?.partOf(tool);
    const key = family && `${server}\u0000${family.name}`;
    if (!family || !key || this.deliveredParts.has(key)) return undefined;
    this.deliveredParts.add(key);
    return family.text;
  }

  /** The upstream a public tool name belongs to, when that upstream is not ready and the tool is not disabled. */
  private downUpstreamOf(name: string): Upstream | undefined {
    const at = this.gateway.names.resolve(name);
    const upstream = at && this.gateway.upstreams.get(at.server);
    if (!at || !upstream || upstream.status === 'ready' || this.state(at.server, at.tool) === 'disabled') return undefined;
    return upstream;
  }

  private async callMeta(name: Exclude<MetaToolName, 'call_tool'>, args: JsonObject): Promise<JsonObject> {
    const str = (key: string) => (typeof args[key] === 'string' ? (args[key] as string) : undefined);
    switch (name) {
      case 'tool_search': {
        const query = str('query');
        if (!query) throw new McpError(ErrorCode.InvalidParams, 'tool_search needs "query": the task, in words');
        const k = typeof args.max_results === 'number' ? Math.max(1, Math.min(20, Math.floor(args.max_results))) : 5;
        return this.search(query, k);
      }
      case 'read_manual': {
        const target = str('tool');
        const found = target ? this.gateway.lookup(target) : undefined;
        if (!found || this.state(found.server, found.tool.name) === 'disabled') throw new McpError(ErrorCode.InvalidParams, `unknown tool "${target ?? ''}"`);
        return text(this.gateway.manualFor(found.server, found.tool.name) ?? `${target}: nothing was moved out of this tool's description; it is complete as listed.`);
      }
      case 'read_result': {
        const id = str('id');
        if (!id) throw new McpError(ErrorCode.InvalidParams, 'read_result needs "id" from the note at the end of a cut result');
        return this.guard.read(id, args.offset, this.owner);
      }
      case 'set_phase': {
        const phase = str('phase');
        if (!phase || !(phase in this.gateway.config.phases)) throw new McpError(ErrorCode.InvalidParams, `unknown phase "${phase ?? ''}"; phases: ${Object.keys(this.gateway.config.phases).join(', ')}`);
        this.phase = phase;
        this.listChanged();
        return text(`phase is now ${phase}`);
      }
    }
  }

  /**
   * tool_search: the best matches among the tools this session may use, with their full input
   * schemas (as the model sees them), plus each server's instructions the first time one of its
   * tools is found. The found tools join this session's listing.
   */
  private search(query: string, k: number): JsonObject {
    const hits = this.gateway.index.search(query, k, (server, tool) => this.state(server, tool) !== 'disabled');
    const results: JsonObject[] = [];
    let added = false;
    // The first hit is not always the best scored (a task's first step leads): compare with the best.
    const top = Math.max(0, ...hits.map((h) => h.score));
    for (const hit of hits) {
      const served = this.gateway.servedTools(hit.server).find((t) => t.name === hit.tool);
      if (!served) continue;
      const name = this.gateway.names.publicName(hit.server, hit.tool);
      if (!this.found.has(name)) {
        this.found.add(name);
        added = true;
      }
      // Close contenders come with their full schema; weaker matches with one line, and their full
      // definition joins the listing like the others (or a sharper query brings it here).
      const close = hit === hits[0] || hit.score >= CLOSE_MATCH * top;
      const view: JsonObject = close ? modelView({ ...served, name }) : { name, description: firstSentence(served.description) };
      const instructions = this.gateway.upfrontInstructions(hit.server);
      if (instructions && !this.seenInstructions.has(hit.server)) {
        this.seenInstructions.add(hit.server);
        view.server_instructions = instructions;
      }
      const part = this.instructionPart(hit.server, hit.tool);
      if (part) view.instructions_part = part;
      results.push(view);
    }
    if (added) this.listChanged();
    if (!results.length) return text(`no tool matches "${query}"; try other words`);
    const weak = weakMatch(hits);
    const found = text(JSON.stringify(results));
    return weak ? { ...found, content: [...(found.content as JsonObject[]), { type: 'text', text: weak }] } : found;
  }
}
