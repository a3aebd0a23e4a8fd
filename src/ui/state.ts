/**
 * What the page shows of the gateway, as data (the contract in docs/ui.md): every upstream with
 * its state, families and tools with their tokens and who decided their state, what a new session
 * gets up front against the full cost, and what each client would pay. Reads the gateway; no I/O.
 */
import { newCatalog } from '../catalog/catalog-file.js';
import { clientCost, DEFAULT_SESSION, definitionTokens, gatewayFind } from '../client-cost/model.js';
import type { RuleBook } from '../client-cost/rules.js';
import { countTokens } from '../cost/tokenizer.js';
import type { Gateway } from '../gateway/gateway.js';
import { GatewaySession, listingTokens, type ResultGuard } from '../gateway/gateway-session.js';
import { sentences } from '../text/sentences.js';
import type { ScopeFile } from './scope-writer.js';
import { familiesOf } from './toggle.js';

export interface ToolView {
  name: string;
  publicName: string;
  tokens: number;
  state: 'enabled' | 'disabled' | 'pinned';
  by?: string;
  description: string;
}

export interface UpstreamView {
  name: string;
  status: 'ready' | 'starting' | 'restarting' | 'down';
  error?: string;
  retryInS?: number;
  mode: string;
  instructionTokens: number;
  tokens: number;
  enabledTokens: number;
  families: { name: string; pattern: string; tokens: number; tools: ToolView[] }[];
}

export interface ClientView {
  client: string;
  label: string;
  version: string;
  loading: string;
  maxTools: number | null;
  descriptionMaxChars: number | null;
  tools: number;
  direct: { firstTurn: number; perTurn: number };
  gateway: { firstTurn: number; perTurn: number };
  notes: string[];
}

export interface UiState {
  serving: boolean;
  mode: string;
  agent: string | null;
  agents: string[];
  scopes: ScopeFile[];
  upstreams: UpstreamView[];
  totals: {
    tools: number;
    enabledTools: number;
    fullTokens: number;
    upfrontTokens: number;
    upfrontTools: number;
    allTokens: number;
    /** What one find-and-call adds in deferred mode (tool_search's result and the found tools joining the listing); 0 in other modes. */
    findAndCallTokens: number;
  };
  clients: ClientView[];
}

const firstSentence = (d: unknown): string => (typeof d === 'string' ? (sentences(d)[0]?.text ?? '') : '');

export interface StateInputs {
  gateway: Gateway;
  guard: ResultGuard;
  serving: boolean;
  scopes: ScopeFile[];
  rules?: RuleBook;
  agent?: string;
}

/** The page's view of the gateway for one agent (or none). */
export function uiState(inputs: StateInputs): UiState {
  const { gateway, agent } = inputs;
  const decide = gateway.decisionFor(agent);
  const upstreams: UpstreamView[] = [];
  for (const upstream of gateway.upstreams.values()) {
    const families = familiesOf(upstream.name, upstream.tools).map((family) => {
      const tools: ToolView[] = family.tools.map((tool) => {
        const decision = decide(upstream.name, tool.name);
        return { name: tool.name, publicName: gateway.names.publicName(upstream.name, tool.name), tokens: definitionTokens(tool), state: decision.state, ...(decision.by ? { by: decision.by } : {}), description: firstSentence(tool.description) };
      });
      return { name: family.name, pattern: family.patterns.join(' '), tokens: tools.reduce((n, t) => n + t.tokens, 0), tools };
    });
    const tools = families.flatMap((f) => f.tools);
    const restarting = upstream.status === 'starting' && upstream.lastError !== undefined;
    upstreams.push({
      name: upstream.name,
      status: restarting ? 'restarting' : upstream.status,
      ...(upstream.status !== 'ready' && upstream.lastError ? { error: upstream.lastError } : {}),
      ...(upstream.status === 'down' && upstream.retryAt ? { retryInS: Math.max(0, Math.round((upstream.retryAt - Date.now()) / 1000)) } : {}),
      mode: gateway.modeOf(upstream.name),
      instructionTokens: upstream.instructions ? countTokens(upstream.instructions, 'o200k_base') : 0,
      tokens: tools.reduce((n, t) => n + t.tokens, 0),
      enabledTokens: tools.filter((t) => t.state !== 'disabled').reduce((n, t) => n + t.tokens, 0),
      families,
    });
  }
  // What a new session of this agent is listed before it searches: a session that is never connected.
  const preview = new GatewaySession(gateway, inputs.guard, { session: 'ui-preview', ...(agent ? { agent } : {}) });
  const listed = preview.listing();
  const upfrontTokens = listingTokens(listed, preview.instructions());
  const visible = (server: string) => preview.serverVisible(server);
  preview.close();
  const all = upstreams.flatMap((u) => u.families.flatMap((f) => f.tools));
  const enabled = all.filter((t) => t.state !== 'disabled');
  const instructionTokens = upstreams.filter((u) => visible(u.name)).reduce((n, u) => n + u.instructionTokens, 0);
  return {
    serving: inputs.serving,
    mode: gateway.config.mode,
    agent: agent ?? null,
    agents: Object.keys(gateway.rules.agents).sort(),
    scopes: inputs.scopes,
    upstreams,
    totals: {
      tools: all.length,
      enabledTools: enabled.length,
      fullTokens: enabled.reduce((n, t) => n + t.tokens, 0) + instructionTokens,
      upfrontTokens,
      upfrontTools: listed.length,
      allTokens: all.reduce((n, t) => n + t.tokens, 0),
      findAndCallTokens: gateway.usesMode('deferred') ? Object.values(gatewayFind(enabled.map((t) => t.tokens))).reduce((a, b) => a + b, 0) : 0,
    },
    clients: inputs.rules ? clientViews(gateway, decide, inputs.rules) : [],
  };
}

/** Each client's cost of the enabled tools, directly and through the gateway (client-cost's model). */
function clientViews(gateway: Gateway, decide: ReturnType<Gateway['decisionFor']>, rules: RuleBook): ClientView[] {
  const servers = [...gateway.upstreams.values()]
    .filter((u) => u.status === 'ready')
    .map((u) => ({
      name: u.name,
      origin: { transport: 'stdio' as const, command: '', args: [], source: { kind: 'cli' as const } },
      tools: u.tools.filter((t) => decide(u.name, t.name).state !== 'disabled'),
      ...(u.instructions ? { instructions: u.instructions } : {}),
    }));
  const catalog = newCatalog(servers);
  const options = { ...DEFAULT_SESSION, prices: rules.prices };
  return Object.values(rules.clients).map((r) => {
    const cost = clientCost(catalog, r, options);
    return {
      client: r.client,
      label: r.label,
      version: r.version,
      loading: r.loading,
      maxTools: r.maxTools,
      descriptionMaxChars: r.descriptionMaxChars,
      tools: cost.tools,
      direct: { firstTurn: cost.direct.firstTurn, perTurn: cost.direct.perTurn },
      gateway: { firstTurn: cost.gateway.firstTurn, perTurn: cost.gateway.perTurn },
      notes: [...cost.notes, ...cost.assumed],
    };
  });
}
