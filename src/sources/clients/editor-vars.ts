import path from 'node:path';
import { parseDotenv } from './dotenv.js';
import type { ClientContext } from './types.js';

/** The values behind VS Code-style `${...}` variables, shared by Cursor and VS Code. */
export interface EditorVariables {
  env: Record<string, string | undefined>;
  home: string;
  workspace: string;
  onUnsetEnv: (name: string) => void;
  /** Only VS Code has inputs; without this hook `${input:id}` is left alone silently. */
  onInput?: (id: string) => void;
}

/** `${env:NAME}` (unset → ""), `${userHome}`, `${workspaceFolder}`, `${workspaceFolderBasename}`, `${pathSeparator}`, `${/}`. */
export function expandEditorVars(value: string, vars: EditorVariables): string {
  return value.replace(/\$\{([^}]+)\}/g, (whole, body: string) => {
    if (body.startsWith('env:')) {
      const name = body.slice('env:'.length);
      const set = vars.env[name];
      if (set !== undefined) return set;
      vars.onUnsetEnv(name);
      return '';
    }
    if (body.startsWith('input:')) {
      vars.onInput?.(body.slice('input:'.length));
      return whole;
    }
    switch (body) {
      case 'userHome':
        return vars.home;
      case 'workspaceFolder':
        return vars.workspace;
      case 'workspaceFolderBasename':
        return path.basename(vars.workspace);
      case 'pathSeparator':
      case '/':
        return path.sep;
      default:
        return whole;
    }
  });
}

/**
 * The folder `${workspaceFolder}` means: the folder holding `.cursor/` or `.vscode/` for a project
 * file; for a per-user file, the project being looked at.
 */
export function workspaceFolder(ctx: ClientContext, marker: string): string {
  const dir = path.dirname(ctx.file);
  const parent = path.dirname(dir);
  if (path.basename(dir) === marker && path.resolve(parent) !== path.resolve(ctx.home)) return parent;
  return path.resolve(ctx.project ?? ctx.cwd);
}

/** An `envFile`'s variables, or none when it does not exist (or no reader was given). */
export function readEnvFile(envFile: string, workspace: string, ctx: ClientContext): Record<string, string> {
  const text = ctx.readFile?.(path.resolve(workspace, envFile));
  return text === undefined ? {} : parseDotenv(text);
}
