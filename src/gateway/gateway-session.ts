import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { JsonObject, RawTool } from '../catalog/types.js';
import { countTokens } from '../cost/tokenizer.js';
import { sentences } from '../text/sentences.js';
import { modelView } from '../cost/model-view.js';
import type { Gateway } from './gateway.js';
import { DEFERRED_INSTRUCTIONS, isMetaTool, META, type MetaToolName } from '../defer/meta-tools.js';
import type { ToolState } from './types.js';

/** How results are kept to size (src/gateway/result-guard.ts). */
/** A progress notification's fields, as the SDK hands them over. */
export type ProgressRelay = (progress: { progress: number; total?: number; message?: string }) => void;
/**
 * Asking the upstream for progress even when the client did not: a tool call that keeps reporting
 * progress then keeps its deadline moving (see Upstream.request).
 */
const NO_PROGRESS: ProgressRelay = () => {};

export interface ResultGuard {
  /** `keepStructured`: the tool declares an outputSchema, so its structuredContent must stay. */
  guard(result: JsonObject, keepStructured?: boolean): { result: JsonObject; tokens: number; warned: boolean; cut?: { id: string } };
  read(id: string, offset: number): JsonObject;
}

export interface SessionInfo {
  session: string;
  agent?: string;
  client?: { name: string; version: string };
}

type Validate = (input: unknown) => { valid: boolean; errorMessage?: string };
/** Keyed by the schema itself, so a tool whose schema changed after a restart is checked anew. */
const validators = new Map<string, Validate | null>();

function validatorFor(schema: unknown): Validate | null {
  const key = JSON.stringify(schema);
  if (!validators.has(key)) {
    try {
      // One validator per schema: a shared one would resolve two tools' identical `$id`s to the first.
      validators.set(key, new AjvJsonSchemaValidator().getValidator(schema as never) as Validate);
    } catch {
      validators.set(key, null); // a schema the validator cannot compile: the upstream judges the arguments
    }
  }
  return validators.get(key)!;
}

/** A match scoring at least this share of the best one is shown with its full schema. */
export const CLOSE_MATCH = 0.8;
const firstSentence = (d: unknown): string => (typeof d === 'string' ? (sentences(d)[0]?.text ?? '') : '');

const text = (t: string, isError = false): JsonObject => ({ content: [{ type: 'text', text: t }], ...(isError ? { isError: true } : {}) });

/**
 * One client's view of the gateway: what it is listed (by mode, filter, phase and what it has
 * found), and its calls. Deferred tools found by tool_search join this session's listing.
 */
export class GatewaySession {
  readonly found = new Set<string>();
  phase: string | undefined;
  private readonly state: (server: string, tool: string) => ToolState;
  private readonly seenInstructions = new Set<string>();
  private unsubscribe?: () => void;
  private debounce?: NodeJS.Timeout;

  constructor(
    private readonly gateway: Gateway,
    private readonly guard: ResultGuard,
    readonly info: SessionInfo,
    /** Called when this session's listing changed (send notifications/tools/list_changed). */
    private readonly listChanged: () => void = () => undefined,
  ) {
    this.state = gateway.deps.stateFor(info.agent);
    this.phase = gateway.config.phase ?? Object.keys(gateway.config.phases)[0];
    this.unsubscribe = gateway.onToolsChanged(() => this.changedSoon());
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
    return this.gateway.instructions();
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
    const all = [...this.metaTools(), ...tools];
    const log = this.gateway.deps.log;
    if (log) {
      const definitionTokens = countTokens(JSON.stringify(all.map(modelView)), 'o200k_base') + countTokens(this.instructions() ?? '', 'o200k_base');
      log.record({ ...this.logBase(), method: 'tools/list', definitionTokens, tools: all.length, latencyMs: performance.now() - started });
    }
    return all;
  }

  private logBase() {
    return { time: new Date().toISOString(), session: this.info.session, ...(this.info.agent ? { agent: this.info.agent } : {}), ...(this.info.client ? { client: this.info.client } : {}) };
  }

  /** `progress` relays the upstream's progress notifications to the client that asked for them. */
  async callTool(name: string, args: JsonObject, signal?: AbortSignal, progress?: ProgressRelay): Promise<JsonObject> {
    const started = performance.now();
    if (isMetaTool(name)) {
      const result = await this.callMeta(name, args, signal, progress);
      // call_tool logs the inner call itself; the others are logged here, with what they cost.
      const log = this.gateway.deps.log;
      if (log && name !== 'call_tool') log.record({ ...this.logBase(), method: 'tools/call', tool: name, resultTokens: countTokens(JSON.stringify(result.content ?? ''), 'o200k_base'), latencyMs: performance.now() - started });
      return result;
    }
    const found = this.gateway.lookup(name);
    if (!found || this.state(found.server, found.tool.name) === 'disabled') {
      // A disabled tool cannot be called and is not named as existing.
      throw new McpError(ErrorCode.InvalidParams, `unknown tool "${name}"; list the tools, or find one with tool_search`);
    }
    const validate = validatorFor(found.tool.inputSchema ?? { type: 'object' });
    const checked = validate?.(args);
    if (checked && !checked.valid) throw new McpError(ErrorCode.InvalidParams, `arguments for "${name}" do not match its input schema: ${checked.errorMessage}`);
    const base = { ...this.logBase(), method: 'tools/call', tool: name, server: found.server, mode: this.gateway.modeOf(found.server) };
    let raw: JsonObject;
    try {
      raw = await found.upstream.request('tools/call', { name: found.tool.name, arguments: args }, undefined, signal, progress ?? NO_PROGRESS);
    } catch (error) {
      const message = `upstream ${found.server} did not answer "${found.tool.name}": ${(error as Error).message}`;
      this.gateway.deps.log?.record({ ...base, latencyMs: performance.now() - started, error: message });
      return text(message, true);
    }
    const guarded = this.guard.guard(raw, found.tool.outputSchema !== undefined);
    this.gateway.deps.log?.record({ ...base, resultTokens: guarded.tokens, latencyMs: performance.now() - started, ...(guarded.cut ? { cut: true } : {}) });
    return guarded.result;
  }

  private async callMeta(name: MetaToolName, args: JsonObject, signal?: AbortSignal, progress?: ProgressRelay): Promise<JsonObject> {
    const str = (key: string) => (typeof args[key] === 'string' ? (args[key] as string) : undefined);
    switch (name) {
      case 'tool_search': {
        const query = str('query');
        if (!query) throw new McpError(ErrorCode.InvalidParams, 'tool_search needs "query": the task, in words');
        const k = typeof args.max_results === 'number' ? Math.max(1, Math.min(20, Math.floor(args.max_results))) : 5;
        return this.search(query, k);
      }
      case 'call_tool': {
        const target = str('name');
        if (!target || isMetaTool(target)) throw new McpError(ErrorCode.InvalidParams, 'call_tool needs "name": a tool found with tool_search');
        const inner = args.arguments;
        return this.callTool(target, inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as JsonObject) : {}, signal, progress);
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
        const offset = typeof args.offset === 'number' ? args.offset : typeof args.offset === 'string' && /^\d+$/.test(args.offset) ? Number(args.offset) : 0;
        return this.guard.read(id, offset);
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
      const instructions = this.gateway.upstreams.get(hit.server)?.instructions;
      if (instructions && !this.seenInstructions.has(hit.server)) {
        this.seenInstructions.add(hit.server);
        view.server_instructions = instructions;
      }
      results.push(view);
    }
    if (added) this.listChanged();
    return text(results.length ? JSON.stringify(results) : `no tool matches "${query}"; try other words`);
  }
}
