import { terms } from './tokenize.js';

/** Words of a server's name that say which product it is ("github" of "server-github"), not that it is a server. */
const GENERIC_SERVER_WORDS = new Set(['server', 'mcp', 'modelcontextprotocol', 'model', 'context', 'protocol', 'tool', 'tools', 'api', 'all', 'cap', 'caps', 'allcap', 'allcaps']);
const serverWordCache = new Map<string, string[]>();
export function serverWords(server: string): string[] {
  let words = serverWordCache.get(server);
  if (!words) serverWordCache.set(server, (words = terms(server).filter((w) => !GENERIC_SERVER_WORDS.has(w) && w.length > 2)));
  return words;
}

