import type { ClientKind } from '../../catalog/types.js';

/** Every client whose config we read and write, in the order we list them. */
export const CLIENT_NAMES = ['claude-code', 'claude-desktop', 'cursor', 'vscode', 'codex', 'gemini', 'opencode'] as const satisfies readonly ClientKind[];

export const isClientKind = (name: string): name is ClientKind => (CLIENT_NAMES as readonly string[]).includes(name);
