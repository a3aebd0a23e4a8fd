import type { Removal, SlimTool } from './types.js';

const LABEL: Record<Removal['what'], string> = { description: '', title: 'title: ', examples: 'examples: ', comment: 'note: ' };

/** One tool's section of its family's manual, as renderManuals writes it. */
export function manualSection(tool: SlimTool): string {
  const own = tool.removed.filter((r) => r.where === 'description');
  const params = new Map<string, Removal[]>();
  for (const r of tool.removed) if (r.where !== 'description') params.set(r.where, [...(params.get(r.where) ?? []), r]);
  const lines = [`## ${tool.before.name}`, ''];
  if (own.length) lines.push(own.map((r) => r.text).join(' '), '');
  if (params.size) {
    lines.push('Parameters:', '');
    for (const [where, rs] of params) lines.push(`- \`${where}\`: ${rs.map((r) => `${LABEL[r.what]}${r.text}`).join(' ')}`);
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * One Markdown manual per family: under each tool's heading, word for word, the text that
 * slimming took out of its description and parameters (tools that lost nothing are left out).
 */
export function renderManuals(tools: readonly SlimTool[]): Map<string, string> {
  const byFamily = new Map<string, SlimTool[]>();
  for (const t of tools) if (t.removed.length) byFamily.set(t.family, [...(byFamily.get(t.family) ?? []), t]);
  const out = new Map<string, string>();
  for (const [family, members] of byFamily) {
    const intro = `# ${family}: manual\n\nWhat each tool's short description leaves out: rules, defaults, examples and edge cases. Read the tool's section before its first use.\n\n`;
    out.set(family, intro + members.map(manualSection).join('\n'));
  }
  return out;
}
