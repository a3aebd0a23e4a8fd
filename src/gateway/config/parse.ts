import os from 'node:os';
import path from 'node:path';
import type { JSONPath } from 'jsonc-parser';
import { SlimError } from '../../errors.js';
import { parseJsonText, stripBom } from '../../fs/config-text.js';
import { shapeOf } from '../../fs/value-shape.js';
import { isObject, keyName, show, type Json, Reader } from './_reader.js';
import { resolvePath } from './expand.js';
import { AGENT_KEYS, GROUP_NAME, GUARD_EXAMPLES, HTTP_EXAMPLES, TOP_EXAMPLES, type TopKey } from './keys.js';
import { GATEWAY_MODES, type AgentSection, type GatewayLayer, type LayerScope } from './layer.js';
import { readUpstreams } from './servers.js';

/** Reads one file's pattern lists, recording `@group` references for the merge to check. */
class LayerReader extends Reader {
  constructor(
    text: string,
    file: string,
    env: Record<string, string | undefined>,
    readonly layer: GatewayLayer,
  ) {
    super(text, file, env);
  }

  patterns(at: JSONPath, value: Json, example: string): string[] {
    return this.strings(at, value, example).map((p, i) => this.pattern([...at, i], p, example));
  }

  private pattern(at: JSONPath, p: string, example: string): string {
    if (p.startsWith('@')) {
      const group = p.slice(1);
      if (!GROUP_NAME.test(group)) this.fail(at, `is not a group reference: "@" must be followed by a group name (letters, digits, _ . -)`, example);
      this.layer.groupRefs.push({ group, key: keyName(at), at: this.at(at) });
      return p;
    }
    if (p.trim() !== p) this.fail(at, `has spaces around it; write ${JSON.stringify(p.trim())}`, example);
    if (p.endsWith('/')) this.fail(at, `names no tool; write "${p}*" for every tool of that server`, example);
    if (p.startsWith('/')) this.fail(at, `names no server; write "*${p}" for that tool on every server`, example);
    return p;
  }

  /** name → pattern list (`phases`, `groups`). */
  patternMap(key: 'phases' | 'groups', value: Json): Record<string, string[]> {
    const map = this.object([key], value, TOP_EXAMPLES[key]);
    const out: Record<string, string[]> = {};
    for (const [name, list] of Object.entries(map)) {
      if (key === 'groups' && !GROUP_NAME.test(name)) {
        this.fail([key, name], 'is not a usable group name: use letters, digits, _ . or - (it is written "@name" in pattern lists)', TOP_EXAMPLES.groups, true);
      }
      out[name] = this.patterns([key, name], list, TOP_EXAMPLES[key]);
    }
    return out;
  }

  agents(value: Json): Record<string, AgentSection> {
    const map = this.object(['agents'], value, TOP_EXAMPLES.agents);
    const out: Record<string, AgentSection> = {};
    for (const [name, section] of Object.entries(map)) {
      const obj = this.object(['agents', name], section, TOP_EXAMPLES.agents);
      this.keys(['agents', name], obj, { enable: TOP_EXAMPLES.enable, disable: TOP_EXAMPLES.disable }, `an agent key (${AGENT_KEYS.join(' or ')})`);
      out[name] = {};
      for (const k of AGENT_KEYS) if (obj[k] !== undefined) out[name][k] = this.patterns(['agents', name, k], obj[k], TOP_EXAMPLES[k]);
    }
    return out;
  }

  resultGuard(value: Json): GatewayLayer['resultGuard'] {
    const obj = this.object(['resultGuard'], value, TOP_EXAMPLES.resultGuard);
    this.keys(['resultGuard'], obj, GUARD_EXAMPLES, 'a resultGuard key');
    const out: GatewayLayer['resultGuard'] = {};
    for (const k of ['warnTokens', 'maxTokens'] as const) {
      if (obj[k] === undefined) continue;
      out[k] = this.positiveNumber(['resultGuard', k], obj[k], 'tokens', GUARD_EXAMPLES[k], true);
      this.layer.at[`resultGuard.${k}`] = this.at(['resultGuard', k]);
    }
    if (out.warnTokens !== undefined && out.maxTokens !== undefined && out.warnTokens > out.maxTokens) {
      this.fail(['resultGuard', 'warnTokens'], `(${out.warnTokens}) is above maxTokens (${out.maxTokens}); a result is cut at maxTokens, so warn below it`, TOP_EXAMPLES.resultGuard);
    }
    return out;
  }

  http(value: Json): GatewayLayer['http'] {
    const obj = this.object(['http'], value, TOP_EXAMPLES.http);
    this.keys(['http'], obj, HTTP_EXAMPLES, 'an http key');
    const out: GatewayLayer['http'] = {};
    if (obj.host !== undefined) out.host = this.string(['http', 'host'], obj.host, HTTP_EXAMPLES.host);
    if (obj.port !== undefined) {
      const port = obj.port;
      // 0 asks the system for a free port (tests, several gateways side by side).
      if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65535) {
        this.fail(['http', 'port'], `must be a port number from 0 to 65535, got ${show(port, ['http', 'port'])}`, HTTP_EXAMPLES.port);
      }
      out.port = port;
    }
    if (obj.token !== undefined) {
      const token = this.expand(['http', 'token'], this.string(['http', 'token'], obj.token, HTTP_EXAMPLES.token));
      if (token === '') this.fail(['http', 'token'], 'is empty after expanding variables: an empty token would let anyone in; set the variable or remove the key', HTTP_EXAMPLES.token);
      out.token = token;
    }
    if (obj.allowedOrigins !== undefined) {
      out.allowedOrigins = this.strings(['http', 'allowedOrigins'], obj.allowedOrigins, HTTP_EXAMPLES.allowedOrigins).map((o, i) => {
        const origin = URL.canParse(o) ? new URL(o).origin : 'null';
        if (origin === 'null' || !/^https?:/.test(origin)) this.fail(['http', 'allowedOrigins', i], `must be an origin such as "http://localhost:5173", got ${shapeOf(o)} that is not an http(s) URL`, HTTP_EXAMPLES.allowedOrigins);
        if (origin !== o) this.fail(['http', 'allowedOrigins', i], `is not an origin (scheme://host[:port], no path); write "${origin}"`, HTTP_EXAMPLES.allowedOrigins);
        return origin;
      });
    }
    if (obj.allowedHosts !== undefined) {
      out.allowedHosts = this.strings(['http', 'allowedHosts'], obj.allowedHosts, HTTP_EXAMPLES.allowedHosts).map((h, i) => {
        if (!/^[A-Za-z0-9.\-\[\]:]+$/.test(h)) this.fail(['http', 'allowedHosts', i], 'must be a host name or address as clients write it in the Host header (gateway.lan, 192.168.1.5), with no scheme or path', HTTP_EXAMPLES.allowedHosts);
        return h.toLowerCase();
      });
    }
    return out;
  }
}

function emptyLayer(file: string, scope: LayerScope): GatewayLayer {
  return { file, scope, clientConfigs: [], servers: [], modes: {}, pinned: [], phases: {}, groups: {}, agents: {}, resultGuard: {}, http: {}, groupRefs: [], at: {} };
}

export interface ParseOptions {
  /** Which scope the file belongs to (default `config`, as for `--gateway-config FILE`). */
  scope?: LayerScope;
  /** The home folder, for `~` in paths (default: HOME from env, else the system's). */
  home?: string;
}

/**
 * Reads one `mcp-slim.config.json` (pure: no file is opened; `upstreams.config` files are only
 * named, the loader reads them). Every mistake is one line: `file:line:col: "key" problem; for example …`.
 */
export function parseGatewayConfigText(raw: string, file: string, env: Record<string, string | undefined>, options: ParseOptions = {}): GatewayLayer {
  // Positions in messages count from after a byte order mark, as editors count them.
  const text = stripBom(raw);
  const home = options.home ?? env.HOME ?? os.homedir();
  const layer = emptyLayer(path.resolve(file), options.scope ?? 'config');
  const r = new LayerReader(text, layer.file, env, layer);
  const data = parseJsonText(text, layer.file, false);
  if (!isObject(data)) throw new SlimError('config', `${layer.file}: a gateway config must be a JSON object, for example ${TOP_EXAMPLES.disable}`);
  r.keys([], data, TOP_EXAMPLES, 'a gateway config key');
  const dir = path.dirname(layer.file);
  const filePath = (key: 'overlay' | 'log', v: Json) => resolvePath(r.string([key], v, TOP_EXAMPLES[key]), dir, home);

  // Unknown keys were rejected above.
  for (const [key, value] of Object.entries(data) as [TopKey, Json][]) {
    switch (key) {
      case '$schema':
        r.string([key], value, TOP_EXAMPLES.$schema);
        break;
      case 'upstreams': {
        const source = { kind: 'config' as const, file: layer.file, scope: layer.scope };
        Object.assign(layer, readUpstreams(r, value, source, home));
        break;
      }
      case 'mode':
        layer.mode = r.choice([key], value, GATEWAY_MODES, TOP_EXAMPLES.mode);
        layer.at.mode = r.at([key]);
        break;
      case 'modes':
        for (const [server, mode] of Object.entries(r.object([key], value, TOP_EXAMPLES.modes))) {
          layer.modes[server] = r.choice([key, server], mode, GATEWAY_MODES, TOP_EXAMPLES.modes);
          layer.at[`modes.${server}`] = r.at([key, server]);
        }
        break;
      case 'overlay':
        layer.overlay = filePath(key, value);
        break;
      case 'pinned':
      case 'enable':
      case 'disable':
        layer[key] = r.patterns([key], value, TOP_EXAMPLES[key]);
        break;
      case 'phases':
      case 'groups':
        layer[key] = r.patternMap(key, value);
        break;
      case 'phase':
        layer.phase = r.string([key], value, TOP_EXAMPLES.phase);
        layer.at.phase = r.at([key]);
        break;
      case 'agents':
        layer.agents = r.agents(value);
        break;
      case 'resultGuard':
        layer.resultGuard = r.resultGuard(value);
        break;
      case 'log':
        if (value !== false && typeof value !== 'string') r.fail([key], `must be a file path or false (no log), got ${show(value, [key])}`, TOP_EXAMPLES.log);
        layer.log = value === false ? false : filePath(key, value);
        break;
      case 'http':
        layer.http = r.http(value);
        break;
      case 'passEnv':
        layer.passEnv = r.strings([key], value, TOP_EXAMPLES.passEnv).map((name, i) => {
          if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) r.fail([key, i], 'must be the name of an environment variable (letters, digits, _), not a value', TOP_EXAMPLES.passEnv);
          // The gateway's own token never reaches an upstream, however asked: that is its point.
          if (name === 'MCP_SLIM_TOKEN') r.fail([key, i], 'names the gateway\'s own token, which no upstream may see; give a server its own token in its "env"', TOP_EXAMPLES.passEnv);
          return name;
        });
        break;
      case 'timeout':
        layer.timeoutMs = r.positiveNumber([key], value, 'seconds', TOP_EXAMPLES.timeout) * 1000;
        break;
    }
  }
  return layer;
}
