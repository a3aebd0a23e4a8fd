/**
 * A catalog fit to print or save: origins and failures with their secrets replaced by `***`
 * (util/redact.ts says what counts as one). The raw values only ever go to the server itself;
 * nothing re-launches a server from a catalog's origin, so nothing needs them back.
 *
 * Kept here rather than in util/ so util/ stays free of the catalog's types (no folder circle).
 */
import { redactArgs, redactText, redactUrl } from '../util/redact.js';
import type { Catalog, ServerEntry, ServerFailure, ServerOrigin } from './types.js';

/**
 * An origin without secrets: args, command and URL redacted; only the fields of the type are
 * copied, so an env or headers object that slipped in (an old or hand-written catalog) is dropped.
 * A saved catalog is read without checking its origins, so odd values are tolerated, not trusted.
 */
export function redactOrigin(origin: ServerOrigin): ServerOrigin {
  if (origin.transport === 'stdio') {
    const args: unknown = origin.args;
    return {
      transport: 'stdio',
      command: typeof origin.command === 'string' ? (redactArgs([origin.command])[0] ?? origin.command) : origin.command,
      args: Array.isArray(args) ? redactArgs(args.map(String)) : [],
      ...(origin.envKeys ? { envKeys: [...origin.envKeys] } : {}),
      ...(origin.cwd !== undefined ? { cwd: origin.cwd } : {}),
      source: origin.source,
    };
  }
  return {
    transport: origin.transport,
    url: typeof origin.url === 'string' ? redactUrl(origin.url) : origin.url,
    ...(origin.headerKeys ? { headerKeys: [...origin.headerKeys] } : {}),
    source: origin.source,
  };
}

/** A failure's message and stderr tail without secrets (a server may log its own key). */
export function redactFailure(failure: ServerFailure): ServerFailure {
  return {
    ...failure,
    message: typeof failure.message === 'string' ? redactText(failure.message) : failure.message,
    ...(typeof failure.stderrTail === 'string' ? { stderrTail: redactText(failure.stderrTail) } : {}),
  };
}

/** A server entry with its origin and failure redacted; tools stay exactly as the server sent them. */
export function redactEntry(entry: ServerEntry): ServerEntry {
  return {
    ...entry,
    ...(entry.origin ? { origin: redactOrigin(entry.origin) } : {}),
    ...(entry.failure ? { failure: redactFailure(entry.failure) } : {}),
  };
}

export function redactCatalog(catalog: Catalog): Catalog {
  return { ...catalog, servers: catalog.servers.map(redactEntry) };
}
