import type { EncodingName } from '../cost/types.js';

/** Which bytes a limit is about: the tool as sent (seeds/000) or as the model sees it. */
export type BudgetView = 'wire' | 'model';

export interface ServerLimits {
  totalBytes?: number;
  totalTokens?: number;
}

/** What `check` should measure, when the command line does not say: the same forms as `measure`. */
export interface BudgetSources {
  /** A stdio server's command line. */
  command?: string[];
  /** Environment for `command`. */
  env?: Record<string, string>;
  name?: string;
  url?: string;
  headers?: Record<string, string>;
  /** Client config files, relative to the budget file. */
  config?: string | string[];
  /** Saved catalogs, relative to the budget file. */
  catalog?: string | string[];
  /** Seconds per server. */
  timeout?: number;
}

/** `mcp-slim.budget.json` (schemas/budget.schema.json). */
export interface Budget {
  $schema?: string;
  /** Free text: where raising a number is written down as a decision. */
  notes?: string | string[] | Record<string, string>;
  measure?: BudgetSources;
  view?: BudgetView;
  totalBytes?: number;
  perToolBytes?: number;
  /** Tools allowed above perToolBytes, each with its own ceiling (they may shrink, never grow). */
  oversized?: Record<string, number>;
  encoding?: EncodingName;
  totalTokens?: number;
  perToolTokens?: number;
  servers?: Record<string, ServerLimits>;
  maxDescriptionChars?: number;
}

/** The keys a budget file may hold at the top level, with a one-line meaning (used for errors and docs). */
export const BUDGET_KEYS = {
  $schema: 'the JSON Schema of this file, for editor completion',
  notes: 'free text: the written decisions behind raised numbers',
  measure: 'what to measure: command, env, name, url, headers, config, catalog, timeout',
  view: '"wire" (the tool as sent, seeds/000) or "model" ({name, description, input_schema})',
  totalBytes: 'ceiling on the bytes of all tools together',
  perToolBytes: 'ceiling on the bytes of any one tool not listed in oversized',
  oversized: 'tool → its own byte ceiling, for tools above perToolBytes',
  encoding: 'tokenizer for the token limits: o200k_base (default) or cl100k_base',
  totalTokens: 'ceiling on the tokens of all tools together',
  perToolTokens: 'ceiling on the tokens of any one tool not listed in oversized',
  servers: 'server name → { totalBytes, totalTokens }',
  maxDescriptionChars: 'longest tool description allowed (default 4096: Claude Code cuts there)',
} as const satisfies Record<keyof Budget, string>;

export const MEASURE_KEYS = ['command', 'env', 'name', 'url', 'headers', 'config', 'catalog', 'timeout'] as const satisfies readonly (keyof BudgetSources)[];
