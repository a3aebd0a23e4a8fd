/**
 * The pieces of a gateway session's answers to tools/call: argument validators per schema, a
 * refusal (a JSON-RPC error, logged), and the gateway's own isError results.
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { JsonObject } from '../catalog/types.js';
import { contentTokens } from './result-guard.js';

export type Validate = (input: unknown) => { valid: boolean; errorMessage?: string };
/** Keyed by the schema itself, so a tool whose schema changed after a restart is checked anew. */
const validators = new Map<string, Validate | null>();
/** The fields of one accounting entry beyond those every entry of the session has. */
export type Fields = Record<string, unknown>;
/** A call refused before it reached a tool: a JSON-RPC error to the client, logged with what is known. */
export class Refused {
  constructor(
    readonly error: McpError,
    readonly fields: Fields = {},
  ) {}
}
export const firstLineOf = (result: JsonObject): string => {
  const blocks = Array.isArray(result.content) ? (result.content as { type?: unknown; text?: unknown }[]) : [];
  const first = blocks.find((b) => b.type === 'text' && typeof b.text === 'string')?.text as string | undefined;
  return (first ?? 'isError result').split('\n')[0]!.slice(0, 200);
};

export function validatorFor(schema: unknown): Validate | null {
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

export const text = (t: string, isError = false): JsonObject => ({ content: [{ type: 'text', text: t }], ...(isError ? { isError: true } : {}) });

/** A call the gateway answers with an isError result of its own (the upstream is down, silent or wrong), with its log fields. */
export function failedCall(message: string, fields: Fields): { result: JsonObject; fields: Fields } {
  const result = text(message, true);
  return { result, fields: { ...fields, resultTokens: contentTokens(result.content), isError: true, error: message.slice(0, 200) } };
}

