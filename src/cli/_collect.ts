import { collectCatalog, type Collected, type SourceRequest } from '../sources/collect.js';
import type { CliIO } from './io.js';
import { ProgressLine } from './progress.js';

/** Collect a catalog with a progress line on a terminal (none when `quiet`). */
export async function collectWithProgress(io: CliIO, request: SourceRequest, quiet: boolean): Promise<Collected> {
  const progress = new ProgressLine(io.stderr, !quiet && io.stderr.isTTY === true);
  const collected = await collectCatalog(request, { env: io.env, cwd: io.cwd }, {
    onStart: (total) => progress.start(total),
    onServerDone: (entry, done, total) => progress.serverDone(entry, done, total),
  });
  progress.clear();
  return collected;
}

/** Lines for stderr about what was read, skipped or noticed while collecting. */
export function collectionNotes(collected: Collected): string[] {
  const notes: string[] = [];
  if (collected.configFiles.length) notes.push(`read ${collected.configFiles.join(', ')}`);
  for (const w of collected.warnings) notes.push(`warning: ${w}`);
  for (const s of collected.skipped) notes.push(`skipped ${s.name}: ${s.reason}`);
  for (const s of collected.catalog.servers) {
    if (s.strictParseError) notes.push(`note: ${s.name}'s tools/list fails the MCP SDK's strict schema (${s.strictParseError}); measured from the raw message`);
    if (s.filteredOut?.length) notes.push(`note: ${s.name}: ${s.filteredOut.length} tools hidden by the config's tool filter`);
  }
  return notes;
}

/**
 * For commands whose output is not the measurement itself (slim, ttc, search): collect, print
 * the notes (unless the output is machine-read) and a line per server that failed.
 */
export async function collectForCommand(io: CliIO, request: SourceRequest, machine: boolean): Promise<Collected & { failed: number }> {
  const collected = await collectWithProgress(io, request, machine);
  if (!machine) {
    const notes = collectionNotes(collected);
    if (notes.length) io.stderr.write(`${notes.join('\n')}\n`);
  }
  const failed = collected.catalog.servers.filter((s) => s.failure);
  for (const s of failed) io.stderr.write(`mcp-slim: ${s.name}: ${s.failure!.message}\n`);
  return { ...collected, failed: failed.length };
}
