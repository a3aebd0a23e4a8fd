import type { ToolRule } from '../types.js';

/** A tool with no description: the model has only its name to decide when to call it. */
export const missingDescription: ToolRule<'missing-description'> = {
  id: 'missing-description',
  severity: 'warning',
  title: 'tool has no description',
  docs: 'docs/rules/missing-description.md',
  fixable: false,
  scope: 'tool',
  check: ({ tool }) => {
    const d = tool.description;
    if (typeof d === 'string' && d.trim() !== '') return [];
    const what = d === undefined ? 'no description' : typeof d === 'string' ? 'an empty description' : `a description that is not a string (${JSON.stringify(d)})`;
    return [{ path: 'description', message: `tool has ${what}: the model sees only the name "${tool.name}" when choosing a tool; say in one sentence what it does` }];
  },
};
