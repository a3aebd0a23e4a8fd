import { normalizeWording as normalize, SAME_MEANING, similarity, standardWording } from '../../schema/param-wording.js';
import { descriptionRestates } from '../../schema/restates.js';
import { canonicalJson, pathOf, toolSchemaNodes } from '../_schema.js';
import type { CatalogHit, CatalogRule } from '../types.js';

interface Use {
  tool: string;
  path: string;
  text: string;
}

/**
 * One parameter name (of one type) worded differently, but alike, by tools of the same server. Servers are
 * compared one at a time: two servers' `path` often mean different things (a repository path, a
 * local file), while one author's `path` should read the same everywhere.
 */
export const paramDescriptionInconsistent: CatalogRule<'param-description-inconsistent'> = {
  id: 'param-description-inconsistent',
  severity: 'info',
  title: 'one parameter name described differently across tools',
  docs: 'docs/rules/param-description-inconsistent.md',
  fixable: false,
  scope: 'catalog',
  check: ({ catalog }) => {
    const hits: CatalogHit[] = [];
    for (const server of catalog.servers) {
      const groups = new Map<string, { name: string; uses: Use[] }>();
      for (const tool of server.tools) {
        for (const node of toolSchemaNodes(tool, ['inputSchema'])) {
          const d = node.schema.description;
          if (node.depth !== 1 || node.propertyName === undefined || typeof d !== 'string' || !d.trim()) continue;
          // A description that only restates the name is param-description-restates' business: it should go, not be reworded.
          if (descriptionRestates(node.propertyName, node.schema, d)) continue;
          const key = `${node.propertyName}\u0000${canonicalJson(node.schema.type ?? null)}`;
          const group = groups.get(key) ?? { name: node.propertyName, uses: [] };
          group.uses.push({ tool: tool.name, path: pathOf(node.path, 'description'), text: d });
          groups.set(key, group);
        }
      }
      for (const { name, uses } of groups.values()) {
        if (new Set(uses.map((u) => normalize(u.text))).size < 2) continue;
        const standard = standardWording(uses.map((u) => u.text));
        const alike = uses.filter((u) => normalize(u.text) !== normalize(standard) && similarity(u.text, standard) >= SAME_MEANING);
        const sharing = uses.filter((u) => normalize(u.text) === normalize(standard)).length;
        for (const use of alike) {
          hits.push({
            server: server.name,
            tool: use.tool,
            path: use.path,
            message: `"${name}" is worded differently than in ${sharing} other tool${sharing === 1 ? '' : 's'} of this server; if it means the same, use one sentence`,
            suggestion: standard,
          });
        }
      }
    }
    return hits;
  },
};
