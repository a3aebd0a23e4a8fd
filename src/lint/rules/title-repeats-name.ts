import type { JsonObject, RawTool } from '../../catalog/types.js';
import { identifierWords } from '../../schema/restates.js';
import { isJsonObject } from '../../schema/walk.js';
import { editCopy, pathOf, toolSchemaNodes } from '../_schema.js';
import type { ToolRule } from '../types.js';

/** Words generators append to a name to make a title: `read_fileArguments` (FastMCP), "Echo Tool". */
const FILLER = new Set(['tool', 'arguments', 'args', 'input', 'output', 'params', 'parameters', 'schema', 'request', 'response', 'result']);
const key = (text: string) =>
  identifierWords(text)
    .filter((w) => !FILLER.has(w))
    .join(' ');

/** True when `title` says only what `name` says: same words, in any case or separator, plus filler. */
export const repeatsName = (title: unknown, name: string): title is string => typeof title === 'string' && key(title) !== '' && key(title) === key(name);

interface Place {
  /** The object holding the title, in the tool given to `places`. */
  owner: JsonObject;
  path: string;
  name: string;
}

/** Every title that repeats a name: the tool's, its annotations', a root schema's, a property's. */
function* places(tool: RawTool): Generator<Place> {
  if (repeatsName(tool.title, tool.name)) yield { owner: tool, path: 'title', name: tool.name };
  if (isJsonObject(tool.annotations) && repeatsName(tool.annotations.title, tool.name)) yield { owner: tool.annotations, path: 'annotations.title', name: tool.name };
  for (const node of toolSchemaNodes(tool)) {
    const name = node.depth === 0 ? tool.name : node.propertyName;
    if (name !== undefined && repeatsName(node.schema.title, name)) yield { owner: node.schema, path: pathOf(node.path, 'title'), name };
  }
}

export const titleRepeatsName: ToolRule<'title-repeats-name'> = {
  id: 'title-repeats-name',
  severity: 'info',
  title: 'title that repeats the name',
  docs: 'docs/rules/title-repeats-name.md',
  fixable: true,
  scope: 'tool',
  check: ({ tool }) => [...places(tool)].map((p) => ({ path: p.path, message: `title ${JSON.stringify(p.owner.title)} only repeats the name ${JSON.stringify(p.name)}` })),
  fix: (tool) =>
    editCopy(tool, (copy) => {
      for (const p of [...places(copy)]) {
        delete p.owner.title;
        // Annotations emptied by the fix say nothing; an absent object means the same.
        if (p.owner === copy.annotations && Object.keys(p.owner).length === 0) delete copy.annotations;
      }
    }),
};
