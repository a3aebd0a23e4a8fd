import { toolMatcher } from '../../catalog/select.js';
import type { FilterLayer, GatewayConfig, ToolState } from '../types.js';
import { groupExpander } from './groups.js';

export interface ToolDecision {
  state: ToolState;
  /** The layer whose rule decided (`project:/repo/mcp-slim.config.json`); absent when no rule matched. */
  by?: string;
}

/**
 * Why a tool is what it is, for one agent (or none). Layers apply in order, then the agent's; in
 * each, a `disable` match disables and an `enable` match enables, enable winning when both match;
 * the last layer that matches decides; with no match a tool is enabled. An enabled tool matched by
 * `pinned` is pinned; a disabled tool is never pinned. An agent with no section gets the layers only.
 */
export function toolDecision(config: GatewayConfig, agent?: string): (server: string, tool: string) => ToolDecision {
  // The merged config has groups expanded already; expanding again keeps hand-built configs honest.
  const expand = groupExpander(config.groups);
  const agentLayer = agent !== undefined && Object.hasOwn(config.agents, agent) ? config.agents[agent] : undefined;
  const layers = [...config.layers, ...(agentLayer ? [agentLayer] : [])].map((layer: FilterLayer) => ({
    source: layer.source,
    enable: toolMatcher(expand(layer.enable ?? [])),
    disable: toolMatcher(expand(layer.disable ?? [])),
  }));
  const pinned = toolMatcher(expand(config.pinned));
  return (server, tool) => {
    let enabled = true;
    let by: string | undefined;
    for (const layer of layers) {
      const on = layer.enable(server, tool);
      if (on || layer.disable(server, tool)) [enabled, by] = [on, layer.source];
    }
    const state: ToolState = !enabled ? 'disabled' : pinned(server, tool) ? 'pinned' : 'enabled';
    return by === undefined ? { state } : { state, by };
  };
}

/** `(server, tool) → 'disabled' | 'enabled' | 'pinned'` for one agent (or none): see `toolDecision`. */
export function toolState(config: GatewayConfig, agent?: string): (server: string, tool: string) => ToolState {
  const decide = toolDecision(config, agent);
  return (server, tool) => decide(server, tool).state;
}
