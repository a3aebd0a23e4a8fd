import { isJsonObject } from '../../schema/walk.js';
import { editCopy, jsonBytes, SCHEMA_KEYS } from '../_schema.js';
import type { ToolRule } from '../types.js';

/** `$schema` names the JSON Schema dialect for validators; the model reads it as noise, on every tool. */
export const schemaDollarSchema: ToolRule<'schema-dollar-schema'> = {
  id: 'schema-dollar-schema',
  severity: 'warning',
  title: '"$schema" in a tool schema',
  docs: 'docs/rules/schema-dollar-schema.md',
  fixable: true,
  scope: 'tool',
  check: ({ tool }) =>
    SCHEMA_KEYS.flatMap((key) => {
      const schema = tool[key];
      if (!isJsonObject(schema) || schema.$schema === undefined) return [];
      const bytes = jsonBytes({ $schema: schema.$schema }) - 1; // the key, its value and a comma
      return [{ path: `${key}.$schema`, message: `"$schema" costs ${bytes} bytes and tells the model nothing; validators work without it` }];
    }),
  fix: (tool) =>
    editCopy(tool, (copy) => {
      for (const key of SCHEMA_KEYS) {
        const schema = copy[key];
        if (isJsonObject(schema)) delete schema.$schema;
      }
    }),
};
