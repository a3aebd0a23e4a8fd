import type { RawTool } from '../../catalog/types.js';
import { descriptionRestates } from '../../schema/restates.js';
import { editCopy, pathOf, toolSchemaNodes } from '../_schema.js';
import type { ToolRule } from '../types.js';

/** Parameter schemas of the input whose description says nothing the name, type and enum do not. */
function* restating(tool: RawTool) {
  for (const node of toolSchemaNodes(tool, ['inputSchema'])) {
    const d = node.schema.description;
    if (node.propertyName !== undefined && typeof d === 'string' && descriptionRestates(node.propertyName, node.schema, d)) yield { node, description: d };
  }
}

export const paramDescriptionRestates: ToolRule<'param-description-restates'> = {
  id: 'param-description-restates',
  severity: 'warning',
  title: 'parameter description only restates its name, type or values',
  docs: 'docs/rules/param-description-restates.md',
  fixable: true,
  scope: 'tool',
  check: ({ tool }) =>
    [...restating(tool)].map(({ node, description }) => ({
      path: pathOf(node.path, 'description'),
      message: `${JSON.stringify(description)} only restates the parameter ${JSON.stringify(node.propertyName)}: say what it means or drop it`,
    })),
  fix: (tool) =>
    editCopy(tool, (copy) => {
      for (const { node } of [...restating(copy)]) delete node.schema.description;
    }),
};
