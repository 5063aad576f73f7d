// Where refhost keeps its files (reference-host.md "Where things live"; CONFIG-1).
// Only the user's own directories: nothing here ever looks at the working directory.
import path from 'node:path';

export class PathError extends Error {
  override name = 'PathError';
}

// seam: baseDir
/** An XDG base directory variable counts only when set to an absolute path (XDG spec); a
 * relative one (or a relative HOME) would resolve inside the working directory (CONFIG-1). */
function baseDir(env: NodeJS.ProcessEnv, xdgVar: string, homeRelative: string): string {
  const xdg = env[xdgVar];
  if (xdg && path.isAbsolute(xdg)) return xdg;
  const home = env.HOME;
  if (!home || !path.isAbsolute(home)) throw new PathError(`neither ${xdgVar} nor HOME is set to an absolute path; cannot locate refhost's files`);
  return path.join(home, homeRelative);
}

/** $XDG_CONFIG_HOME/refhost, else $HOME/.config/refhost. */
export function configDir(env: NodeJS.ProcessEnv): string {
  return path.join(baseDir(env, 'XDG_CONFIG_HOME', '.config'), 'refhost');
}

/** $XDG_DATA_HOME/refhost, else $HOME/.local/share/refhost. */
export function dataDir(env: NodeJS.ProcessEnv): string {
  return path.join(baseDir(env, 'XDG_DATA_HOME', path.join('.local', 'share')), 'refhost');
}

export function mcpConfigFile(env: NodeJS.ProcessEnv): string {
  return path.join(configDir(env), 'mcp.json');
}

export function policyFile(env: NodeJS.ProcessEnv): string {
  return path.join(configDir(env), 'policy.json');
}

export function sessionsDir(env: NodeJS.ProcessEnv): string {
  return path.join(dataDir(env), 'sessions');
}

/** INJECT-4: the tool definition pins. */
export function pinsFile(env: NodeJS.ProcessEnv): string {
  return path.join(dataDir(env), 'tool-pins.json');
}

export function telemetryFile(env: NodeJS.ProcessEnv): string {
  return path.join(dataDir(env), 'telemetry.jsonl');
}
