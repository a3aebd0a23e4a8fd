import type { ServerSpec } from '../../catalog/types.js';
import { SlimError } from '../../errors.js';
import { closest } from '../../util/closest.js';
import type { FilterLayer, GatewayConfig, GatewayMode } from '../types.js';
import { displayPath, resolvePath } from './expand.js';
import { groupExpander } from './groups.js';
import { DEFAULTS, TOP_EXAMPLES } from './keys.js';
import type { AgentSection, GatewayLayer } from './layer.js';

export interface MergeOptions {
  /** For `~` in the default log path and in layer names. */
  home: string;
}

const unique = (list: readonly string[]): string[] => [...new Set(list)];

/** Maps merged key by key, a later map's entry replacing an earlier one's. */
const keyWise = <T>(maps: readonly Record<string, T>[]): Record<string, T> => Object.assign({}, ...maps) as Record<string, T>;

/** The last layer that sets a value wins; `at` is where it was set, for errors. */
function last<T>(layers: readonly GatewayLayer[], get: (l: GatewayLayer) => T | undefined, key: string): { value: T; at: string } | undefined {
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i]!;
    const value = get(layer);
    if (value !== undefined) return { value, at: layer.at[key] ?? layer.file };
  }
  return undefined;
}

/**
 * One agent's sections from every scope, as one layer. Within a layer enable wins over disable, so
 * a later scope's pattern first cancels the same pattern written the other way by an earlier scope
 * (user disables `github/*` for the agent, the project enables `github/*`: enabled, and back).
 */
function mergeAgent(name: string, sections: readonly { scope: string; section: AgentSection }[], expand: (p: readonly string[]) => string[]): FilterLayer {
  let enable: string[] = [];
  let disable: string[] = [];
  for (const { section } of sections) {
    const on = expand(section.enable ?? []);
    const off = expand(section.disable ?? []);
    enable = unique([...enable.filter((p) => !off.includes(p)), ...on]);
    disable = unique([...disable.filter((p) => !on.includes(p)), ...off]);
  }
  const scopes = unique(sections.map((s) => s.scope)).join('+');
  return { source: `agent:${name}@${scopes}`, ...(enable.length > 0 ? { enable } : {}), ...(disable.length > 0 ? { disable } : {}) };
}

/**
 * Merges config files, lowest precedence first (user, project, folders outer to inner, --gateway-config):
 * upstreams unite by name (a later file may redefine a server), scalars are overridden, maps merge
 * key-wise, `pinned` unites, each file's enable/disable is one layer, and every file's section for
 * an agent becomes that agent's one layer. `@group` references are expanded everywhere, so every
 * pattern list in the result can go straight to `toolMatcher`.
 *
 * Pure: `upstreams.config` files must already be read into each layer's `servers` (the loader does).
 */
export function mergeLayers(layers: readonly GatewayLayer[], options: MergeOptions): GatewayConfig {
  const warnings: string[] = [];
  const upstreams = new Map<string, ServerSpec>();
  for (const layer of layers) for (const spec of layer.servers) upstreams.set(spec.name, spec);

  const groups = keyWise(layers.map((l) => l.groups));
  const expand = groupExpander(
    groups,
    layers.flatMap((l) => l.groupRefs),
  );
  const phases = Object.fromEntries(Object.entries(keyWise(layers.map((l) => l.phases))).map(([name, list]) => [name, expand(list)]));
  const modes = keyWise<GatewayMode>(layers.map((l) => l.modes));

  const mode = last(layers, (l) => l.mode, 'mode');
  const phaseSet = last(layers, (l) => l.phase, 'phase');
  if (phaseSet && !Object.hasOwn(phases, phaseSet.value)) {
    const names = Object.keys(phases);
    const guess = closest(phaseSet.value, names);
    const hint = names.length === 0 ? 'no file defines "phases"' : guess ? `did you mean "${guess}"?` : `phases: ${names.join(', ')}`;
    throw new SlimError('config', `${phaseSet.at}: "phase" names "${phaseSet.value}", which is not one of the phases; ${hint}; for example ${TOP_EXAMPLES.phases}`);
  }
  // Mode "phase" (for all servers or one) with no phases defined would serve nothing.
  const phaseServer = Object.keys(modes).find((s) => modes[s] === 'phase');
  const phaseModeAt = mode?.value === 'phase' ? mode.at : phaseServer !== undefined ? last(layers, (l) => l.modes[phaseServer], `modes.${phaseServer}`)?.at : undefined;
  if (phaseModeAt !== undefined && Object.keys(phases).length === 0) {
    throw new SlimError('config', `${phaseModeAt}: mode "phase" needs named tool sets, but no file defines "phases"; add them, for example ${TOP_EXAMPLES.phases}`);
  }
  for (const server of Object.keys(modes)) {
    if (upstreams.has(server)) continue;
    const guess = closest(server, upstreams.keys());
    warnings.push(`${last(layers, (l) => l.modes[server], `modes.${server}`)?.at}: "modes.${server}" names no upstream server${guess ? `; did you mean "${guess}"?` : ''}`);
  }

  const warn = last(layers, (l) => l.resultGuard.warnTokens, 'resultGuard.warnTokens');
  const max = last(layers, (l) => l.resultGuard.maxTokens, 'resultGuard.maxTokens');
  const resultGuard = { warnTokens: warn?.value ?? DEFAULTS.warnTokens, maxTokens: max?.value ?? DEFAULTS.maxTokens };
  if (resultGuard.warnTokens > resultGuard.maxTokens) {
    const at = warn?.at ?? max?.at ?? 'config';
    throw new SlimError('config', `${at}: "resultGuard.warnTokens" (${resultGuard.warnTokens}) is above "resultGuard.maxTokens" (${resultGuard.maxTokens}) once every config file is merged; warn below the cut, for example ${TOP_EXAMPLES.resultGuard}`);
  }

  const filterLayers: FilterLayer[] = layers
    .filter((l) => l.enable !== undefined || l.disable !== undefined)
    .map((l) => ({
      source: `${l.scope}:${displayPath(l.file, options.home)}`,
      ...(l.enable ? { enable: expand(l.enable) } : {}),
      ...(l.disable ? { disable: expand(l.disable) } : {}),
    }));

  const agentNames = unique(layers.flatMap((l) => Object.keys(l.agents)));
  const agents = Object.fromEntries(
    agentNames.map((name) => [
      name,
      mergeAgent(
        name,
        layers.filter((l) => l.agents[name]).map((l) => ({ scope: l.scope, section: l.agents[name]! })),
        expand,
      ),
    ]),
  );

  const overlay = last(layers, (l) => l.overlay, 'overlay')?.value;
  const log = last(layers, (l) => l.log, 'log')?.value ?? resolvePath(DEFAULTS.log, options.home, options.home);
  const phase = phaseSet?.value;
  const token = last(layers, (l) => l.http.token, 'http.token')?.value;
  const allowedHosts = last(layers, (l) => l.http.allowedHosts, 'http.allowedHosts')?.value;
  // Every scope's passEnv adds to the others': each names what its own servers need.
  const passEnv = [...new Set(layers.flatMap((l) => l.passEnv ?? []))];
  // No upstreams is not a warning here: the command line may add them, and serve refuses to start without any.

  return {
    upstreams: [...upstreams.values()],
    mode: mode?.value ?? DEFAULTS.mode,
    modes,
    ...(overlay !== undefined ? { overlay } : {}),
    pinned: expand(layers.flatMap((l) => l.pinned)),
    phases,
    ...(phase !== undefined ? { phase } : {}),
    groups: Object.fromEntries(Object.keys(groups).map((g) => [g, expand([`@${g}`])])),
    layers: filterLayers,
    agents,
    resultGuard,
    ...(log !== false ? { log } : {}),
    http: {
      host: last(layers, (l) => l.http.host, 'http.host')?.value ?? DEFAULTS.host,
      port: last(layers, (l) => l.http.port, 'http.port')?.value ?? DEFAULTS.port,
      ...(token !== undefined ? { token } : {}),
      allowedOrigins: last(layers, (l) => l.http.allowedOrigins, 'http.allowedOrigins')?.value ?? [],
      ...(allowedHosts !== undefined ? { allowedHosts } : {}),
    },
    ...(passEnv.length ? { passEnv } : {}),
    timeoutMs: last(layers, (l) => l.timeoutMs, 'timeout')?.value ?? DEFAULTS.timeoutSeconds * 1000,
    files: layers.flatMap((l) => [l.file, ...l.clientConfigs.map((c) => c.file)]),
    warnings,
  };
}
