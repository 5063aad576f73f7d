// STDIO-3, CRED-2: a host starts from an environment like a developer's shell, so a host that
// passes its environment on (to a stdio server, a child's command line, a log) shows it. The
// secrets in it are canaries that belong to the host's own processes alone.
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { CanaryRegistry } from './canaries.js';

/** Label prefix of the host's own secrets (checks select them by it). */
export const HOST_SECRET_LABEL = 'host environment';

/**
 * Service keys a developer has exported, none of which makes a host act differently: no
 * model provider's key (ANTHROPIC_API_KEY, GOOGLE_API_KEY, GEMINI_API_KEY, OPENAI_API_KEY) is
 * here, since a host that picks its provider by the key it finds would leave the scripted
 * model for a real provider. AWS keys act only with a configured AWS provider, NPM_TOKEN only
 * through an .npmrc that names it, GITHUB_TOKEN only in GitHub tools.
 */
export const HOST_SECRET_NAMES = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'GITHUB_TOKEN', 'NPM_TOKEN'] as const;

/** A fresh canary per secret name, allowed only in the host's processes' environments. */
export function mintHostSecrets(registry: CanaryRegistry): Record<string, string> {
  return Object.fromEntries(HOST_SECRET_NAMES.map((name) => [name, registry.mint(`${HOST_SECRET_LABEL} ${name}`, ['process:host']).value]));
}

function userName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'developer'; // no passwd entry (some containers)
  }
}

/** The non-secret variables of an interactive shell, with paths inside the sandbox. */
export function developerShellEnv(paths: { project: string; tmp: string }): Record<string, string> {
  const user = userName();
  return {
    TERM: 'xterm-256color',
    COLORTERM: 'truecolor',
    USER: user,
    LOGNAME: user,
    SHELL: existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh',
    EDITOR: 'vi',
    // Members of the families PATH, HOME and LANG belong to (STDIO-3 passes those three alone):
    // the rest of the locale, and a name that only begins with HOME.
    LANGUAGE: 'en_US:en',
    LC_CTYPE: 'C.UTF-8',
    HOMEBREW_PREFIX: '/home/linuxbrew/.linuxbrew',
    PWD: paths.project,
    SHLVL: '1',
    // Never created: a host that talks to an agent gets "no such file", as without one.
    SSH_AUTH_SOCK: join(paths.tmp, 'ssh-agent', 'agent.sock'),
    // Harmless to any Node host (and to Node stdio servers that inherit it).
    NODE_OPTIONS: '--max-old-space-size=4096',
  };
}
