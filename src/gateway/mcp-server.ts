import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  RequestSchema,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { Protocol, type RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { JsonObject } from '../catalog/types.js';
import type { Gateway } from './gateway.js';
import { GatewaySession, type ResultGuard, type SessionInfo } from './gateway-session.js';
import { SEPARATOR } from './naming.js';

const VERSION = '0.1.0';

const MAX_PAGES = 100;

/**
 * Every page of a listing from every ready upstream that offers `capability` and that this
 * session may see; a failing upstream is left out, not fatal.
 */
async function gather(gateway: Gateway, session: GatewaySession, capability: string, method: string, key: string): Promise<{ server: string; items: JsonObject[] }[]> {
  const ready = [...gateway.upstreams.values()].filter((u) => u.status === 'ready' && (u.capabilities as JsonObject | undefined)?.[capability] !== undefined && session.serverVisible(u.name));
  return Promise.all(
    ready.map(async (u) => {
      const items: JsonObject[] = [];
      try {
        let cursor: string | undefined;
        for (let page = 0; page < MAX_PAGES; page++) {
          const result = await u.request(method, cursor ? { cursor } : undefined);
          if (Array.isArray(result[key])) items.push(...(result[key] as JsonObject[]));
          cursor = typeof result.nextCursor === 'string' && result.nextCursor ? result.nextCursor : undefined;
          if (!cursor) break;
        }
      } catch {
        // what was read so far is kept
      }
      return { server: u.name, items };
    }),
  );
}

/**
 * One MCP server (SDK `Server`) per client session, in front of the shared gateway. Tools are
 * the session's view; resources are passed through by URI; prompts are namespaced like tools;
 * only what some upstream offers is advertised.
 */
export function createSessionServer(gateway: Gateway, guard: ResultGuard, info: SessionInfo): { server: Server; session: GatewaySession } {
  let server: Server;
  const session = new GatewaySession(gateway, guard, info, () => {
    server.sendToolListChanged().catch(() => undefined);
  });
  const capabilities: JsonObject = { tools: { listChanged: true } };
  if (gateway.anyUpstreamHas('resources')) capabilities.resources = {};
  if (gateway.anyUpstreamHas('prompts')) capabilities.prompts = {};
  if (gateway.anyUpstreamHas('completions')) capabilities.completions = {};
  const instructions = session.instructions();
  server = new Server({ name: 'mcp-slim', version: VERSION }, { capabilities, ...(instructions ? { instructions } : {}) });
  server.onclose = () => session.close();
  // Over HTTP the client's name is read from its initialize request; over stdio it is known only here.
  server.oninitialized = () => {
    const client = server.getClientVersion();
    if (client && !info.client) info.client = { name: client.name, version: client.version };
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: session.listTools() as never }));
  // The SDK Server refuses a malformed tools/call (a name that is not a string, arguments that are
  // not an object) before any handler runs, so the call would go unlogged. Registered at the
  // Protocol level with loose params, the session checks them itself and logs the refusal.
  const looseCall = CallToolRequestSchema.extend({ params: RequestSchema.shape.params });
  Protocol.prototype.setRequestHandler.call(server, looseCall as never, (async (request: { params?: Record<string, unknown> & { _meta?: { progressToken?: string | number } } }, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => {
    const params = request.params ?? {};
    const name = params.name;
    const args = params.arguments ?? {};
    if (typeof name !== 'string' || !name || typeof args !== 'object' || args === null || Array.isArray(args)) {
      session.refuse(typeof name === 'string' ? name : undefined, typeof name !== 'string' || !name ? 'tools/call needs "name": the tool to call, as a string' : '"arguments" of tools/call must be an object of the tool\'s parameters');
    }
    // A client that asked for progress gets the upstream's, under its own token.
    const token = params._meta?.progressToken;
    const relay =
      token === undefined
        ? undefined
        : (p: { progress: number; total?: number; message?: string }) =>
            void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, ...p } }).catch(() => {});
    return (await session.callTool(name as string, args as JsonObject, extra.signal, relay)) as never;
  }) as never);

  // Resources keep their URIs (they are addresses, not names); the owning upstream is remembered.
  const resourceOwner = new Map<string, string>();
  if (capabilities.resources) {
    server.setRequestHandler(ListResourcesRequestSchema, async () => {
      const lists = await gather(gateway, session, 'resources', 'resources/list', 'resources');
      for (const { server: s, items } of lists) for (const r of items) if (typeof r.uri === 'string') resourceOwner.set(r.uri, s);
      return { resources: lists.flatMap((l) => l.items) as never };
    });
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => {
      const lists = await gather(gateway, session, 'resources', 'resources/templates/list', 'resourceTemplates');
      return { resourceTemplates: lists.flatMap((l) => l.items) as never };
    });
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      const uri = request.params.uri;
      const owners = (resourceOwner.has(uri) ? [resourceOwner.get(uri)!] : [...gateway.upstreams.values()].filter((u) => (u.capabilities as JsonObject | undefined)?.resources).map((u) => u.name)).filter((s) => session.serverVisible(s));
      for (const owner of owners) {
        try {
          return (await gateway.upstreams.get(owner)!.request('resources/read', { uri })) as never;
        } catch {
          // try the next upstream that has resources
        }
      }
      throw new McpError(ErrorCode.InvalidParams, `no upstream has the resource ${uri}`);
    });
  }

  if (capabilities.prompts) {
    server.setRequestHandler(ListPromptsRequestSchema, async () => {
      const lists = await gather(gateway, session, 'prompts', 'prompts/list', 'prompts');
      return { prompts: lists.flatMap(({ server: s, items }) => items.map((p) => ({ ...p, name: `${s}${SEPARATOR}${String(p.name)}` }))) as never };
    });
    server.setRequestHandler(GetPromptRequestSchema, async (request) => {
      const [owner, ...rest] = request.params.name.split(SEPARATOR);
      const upstream = owner && session.serverVisible(owner) ? gateway.upstreams.get(owner) : undefined;
      if (!upstream || !rest.length) throw new McpError(ErrorCode.InvalidParams, `unknown prompt "${request.params.name}"`);
      return (await upstream.request('prompts/get', { ...request.params, name: rest.join(SEPARATOR) } as JsonObject)) as never;
    });
  }

  if (capabilities.completions) {
    server.setRequestHandler(CompleteRequestSchema, async (request) => {
      const ref = request.params.ref as JsonObject;
      let owner: string | undefined;
      let params = request.params as unknown as JsonObject;
      if (ref.type === 'ref/prompt' && typeof ref.name === 'string') {
        const [o, ...rest] = ref.name.split(SEPARATOR);
        owner = o;
        params = { ...params, ref: { ...ref, name: rest.join(SEPARATOR) } };
      } else if (typeof ref.uri === 'string') owner = resourceOwner.get(ref.uri);
      const upstream = owner && session.serverVisible(owner) ? gateway.upstreams.get(owner) : undefined;
      if (!upstream) return { completion: { values: [] } };
      return (await upstream.request('completion/complete', params)) as never;
    });
  }
  return { server, session };
}
