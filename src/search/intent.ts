/**
 * Whether a task asks to look at something or to change something, and whether a tool reads or
 * writes. A task that only asks ("show me the comments on PR 64") should not get the tool that
 * writes the same things (create_pull_request_review) first, and the other way round.
 */
import type { RawTool } from '../catalog/types.js';
import { isJsonObject } from '../schema/walk.js';
import { words } from './tokenize.js';

export type Mode = 'read' | 'write';

const READ_VERBS = new Set('get list read show view see look find search fetch describe query inspect display count lookup browse retrieve check'.split(' '));
const WRITE_VERBS = new Set(
  'create add make post send reply write save update edit change set modify delete remove drop close merge push commit upload rename move copy insert put fork approve assign label archive publish submit store record remember forget invite kick ban'.split(' '),
);
/** A task that opens like a question asks to look. */
const QUESTION = /^\s*(what|which|who|whom|whose|where|when|why|how|is|are|was|were|does|do|did|has|have|can you (show|tell|find|list|check))\b|\?\s*$/i;

/** The task's own verbs, as written: "posted" or "opened" in a clause about the past is not what it asks for. */
export function taskMode(task: string): Mode | undefined {
  const own = words(task.replace(/(["'‘’“”])(?:(?!\1).){1,80}\1/g, ' '));
  if (own.some((w) => WRITE_VERBS.has(w))) return 'write';
  if (QUESTION.test(task) || own.some((w) => READ_VERBS.has(w))) return 'read';
  return undefined;
}

/** The tool's first verb in its name decides; the MCP readOnlyHint annotation decides when the name has none. */
export function toolMode(tool: RawTool): Mode | undefined {
  for (const w of words(tool.name)) {
    if (WRITE_VERBS.has(w)) return 'write';
    if (READ_VERBS.has(w)) return 'read';
  }
  const hint = isJsonObject(tool.annotations) ? tool.annotations.readOnlyHint : undefined;
  return hint === true ? 'read' : hint === false ? 'write' : undefined;
}
