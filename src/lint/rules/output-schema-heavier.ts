import { formatInt } from '../../util/format.js';
import { jsonBytes } from '../_schema.js';
import type { ToolRule } from '../types.js';

/**
 * An outputSchema travels in every tools/list but the model never reads it (clients drop it);
 * when it outweighs the input schema, most of the tool's schema bytes serve only validation.
 */
export const outputSchemaHeavier: ToolRule<'output-schema-heavier'> = {
  id: 'output-schema-heavier',
  severity: 'info',
  title: 'outputSchema heavier than the inputSchema',
  docs: 'docs/rules/output-schema-heavier.md',
  fixable: false,
  scope: 'tool',
  check: ({ tool }) => {
    if (tool.outputSchema === undefined) return [];
    const output = jsonBytes(tool.outputSchema);
    const input = jsonBytes(tool.inputSchema);
    if (output <= input) return [];
    return [{ path: 'outputSchema', message: `outputSchema is ${formatInt(output)} bytes, heavier than the inputSchema (${formatInt(input)} bytes): it is sent with every listing but the model never reads it; keep it only if clients validate results` }];
  },
};
