/** How far slimming goes. Every preset is verified lossless for the schema; they differ in text kept. */
export interface SlimPolicy {
  /**
   * `what-when`: the first sentence, the sentences right after it that say more the tool does, what
   * it returns or is for, and "use when…" sentences; `first-sentence`: the first only.
   */
  description: 'keep' | 'what-when' | 'first-sentence';
  /** `drop-redundant`: only descriptions that restate name, type or allowed values go. */
  parameterDescriptions: 'keep' | 'drop-redundant' | 'first-sentence' | 'drop';
  /** Give near-identical descriptions of one parameter name across a server's tools one wording. */
  unifyParameters: boolean;
  /** Say a parameter description that several of a server's tools repeat only on the first of them. */
  dedupeParameters: boolean;
  /** Remove `$schema`, titles, `$comment`; move `examples` and meaningful titles to the manual. */
  schemaAnnotations: boolean;
  /** Replace `$ref`s by their definitions when that is smaller. */
  inlineRefs: boolean;
  /** Remove exact repeats among anyOf branches. */
  dedupeAnyOf: boolean;
  /**
   * Remove `additionalProperties: false`. The server still rejects unknown arguments, and
   * clients that need strict schemas (OpenAI strict mode) add it back themselves; but it is a
   * validation keyword, so the verifier allows this only when the policy says so.
   */
  openObjects: boolean;
  /** Manual files: one per server, or one per tool-name prefix (`browser_…`) within a server. */
  family: 'server' | 'prefix';
}

export const PRESETS = {
  /** Text the model may need stays: only restated parameter descriptions and non-semantic keys go. */
  safe: { description: 'what-when', parameterDescriptions: 'drop-redundant', unifyParameters: true, dedupeParameters: false, schemaAnnotations: true, inlineRefs: true, dedupeAnyOf: true, openObjects: false, family: 'server' },
  /** The default: what and when for tools, one sentence per parameter. */
  balanced: { description: 'what-when', parameterDescriptions: 'first-sentence', unifyParameters: true, dedupeParameters: true, schemaAnnotations: true, inlineRefs: true, dedupeAnyOf: true, openObjects: false, family: 'server' },
  /** seeds/003's compression: first sentence of the description, parameter descriptions in the manual. */
  max: { description: 'first-sentence', parameterDescriptions: 'drop', unifyParameters: false, dedupeParameters: true, schemaAnnotations: true, inlineRefs: true, dedupeAnyOf: true, openObjects: true, family: 'server' },
} as const satisfies Record<string, SlimPolicy>;

export type PresetName = keyof typeof PRESETS;
export const DEFAULT_PRESET: PresetName = 'balanced';
