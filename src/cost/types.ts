/**
 * What a measurement produces. This shape is the `--json` output of `mcp-slim measure`
 * (documented in docs/json-output.md): change it only by adding fields.
 */

export type EncodingName = 'o200k_base' | 'cl100k_base';
export const ENCODINGS: readonly EncodingName[] = ['o200k_base', 'cl100k_base'];

/** A size in bytes and in real BPE tokens, plus the bytes/4 rule of thumb (an estimate, never a count). */
export interface Size {
  bytes: number;
  tokens: Record<EncodingName, number>;
  /** ceil(bytes / 4): the rule of thumb of seeds/000. An estimate, labelled as such wherever shown. */
  estimatedTokens: number;
}

/**
 * Where a tool's wire bytes go. The parts add up exactly to the tool's wire bytes.
 * `description`: the tool's own description; `parameterDescriptions`: every `description`
 * inside inputSchema at any depth; `schemaStructure`: the rest of inputSchema (types, names,
 * enums, required, $schema…); `outputSchema`; `other`: name, title, annotations, _meta, etc.
 */
export interface ByteSplit {
  description: number;
  parameterDescriptions: number;
  schemaStructure: number;
  outputSchema: number;
  other: number;
}

export interface ToolCost {
  server: string;
  name: string;
  /** `JSON.stringify(tool)` of the tool exactly as sent over the wire. */
  wire: Size;
  /** `{name, description, input_schema}`: what an LLM API receives for this tool. */
  modelView: Size;
  split: ByteSplit;
  descriptionChars: number;
  /** True when the description is longer than the 4,096 characters Claude Code keeps. */
  descriptionOverLimit: boolean;
}

export interface ServerCost {
  name: string;
  toolCount: number;
  /** Sum over the server's tools. */
  wire: Size;
  modelView: Size;
  split: ByteSplit;
  /** Server instructions, counted apart: clients load them even when tools are deferred. */
  instructions: Size;
  failed: boolean;
}

export interface CostReport {
  tools: ToolCost[];
  servers: ServerCost[];
  total: {
    serverCount: number;
    failedServerCount: number;
    toolCount: number;
    wire: Size;
    modelView: Size;
    split: ByteSplit;
    instructions: Size;
  };
  /** Tools whose description passes the 4,096-character cut, as `server/tool`. */
  overLimit: string[];
  /** The 4,096-character limit used for `descriptionOverLimit`. */
  descriptionLimit: number;
}
