// The generic terminal-host adapter: everything host-specific comes from a HostProfile,
// so a host with a line-based chat loop needs a JSON file, not code.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { execa } from 'execa';
import { HarnessError } from '../errors.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { suiteRoot } from '../suite-root.js';
import { spawnInGroup } from '../supervision/process-group.js';
import type { CallStatus, HostAdapter, HostSession, ServerConfigEntry, StartOptions } from './host-adapter.js';
import { fillPlaceholders, profileDir, type LoadedProfile, type Placeholder } from './profile-schema.js';
import { jsonServerNames } from './configured-servers.js';
import { readJsonLinesTelemetry } from './telemetry-file.js';
import { TerminalHostSession } from './terminal-session.js';

const STATUSES: readonly CallStatus[] = ['completed', 'failed', 'denied', 'unknown', 'output_limit'];

function placeholderValues(loaded: LoadedProfile, sandbox?: Sandbox, run?: Pick<StartOptions, 'modelUrl' | 'apiKey'>): Record<Placeholder, string> {
  return {
    modelUrl: run?.modelUrl ?? '',
    apiKey: run?.apiKey ?? '',
    home: sandbox?.home ?? '',
    cwd: sandbox?.project ?? '',
    configHome: sandbox?.configHome ?? '',
    dataHome: sandbox?.dataHome ?? '',
    stateHome: sandbox?.stateHome ?? '',
    cacheHome: sandbox?.cacheHome ?? '',
    suiteRoot: suiteRoot(),
    profileDir: profileDir(loaded),
  };
}

/** Classifies a function_call_output the way the profile says results are written. */
export function classifyWithProfile(results: LoadedProfile['profile']['results'], output: unknown): CallStatus | null {
  if (typeof output !== 'string') return null;
  if (results.format === 'regex') {
    const hit = Object.entries(results.patterns).find(([, re]) => re.test(output));
    return (hit?.[0] as CallStatus | undefined) ?? null;
  }
  try {
    const status = (JSON.parse(output) as Record<string, unknown>)[results.statusField];
    return STATUSES.find((s) => s === status) ?? null;
  } catch {
    return null;
  }
}

function writePrivateFile(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, content, { mode: 0o600 });
}

/** Fills a chat command's {server}, {name} and {arguments}. */
function fillCommand(template: string, fields: Record<'server' | 'name' | 'arguments', string>): string {
  return template.replace(/\{(server|name|arguments)\}/g, (_, key: keyof typeof fields) => fields[key]);
}

export interface ProfileAdapterOptions {
  /** Report name (default: the profile's name). */
  name?: string;
  /** How the CLI selects this host (default: the profile file path). */
  selector?: string;
  /** Rewrites the start and resume arguments (the faulty hosts reuse refhost's profile this way). */
  wrapArgs?: (args: readonly string[]) => string[];
}

export function createProfileAdapter(loaded: LoadedProfile, options: ProfileAdapterOptions = {}): HostAdapter {
  const { profile } = loaded;
  const fill = (template: string, values: Record<Placeholder, string>): string => fillPlaceholders(template, values);
  const configPath = (sandbox: Sandbox): string => fill(profile.config.path, placeholderValues(loaded, sandbox));
  const { policy, telemetry } = profile;
  const promptCommand = profile.commands.prompt;

  return {
    name: options.name ?? profile.name,
    selector: options.selector ?? loaded.file,
    features: {
      unsupported: profile.unsupported,
      endKinds: profile.answers.quit === undefined ? ['eof', 'SIGTERM', 'SIGINT'] : ['eof', 'quit', 'SIGTERM', 'SIGINT'],
    },
    statusLine: profile.screen.statusLine,
    unavailableLine: profile.screen.unavailableLine,
    flagPatterns: { instructionLike: profile.screen.instructionFlag, changedDefinition: profile.screen.changedFlag },

    async version() {
      if (profile.versionArgs === undefined) return null;
      const values = placeholderValues(loaded);
      const r = await execa(fill(profile.command, values), profile.versionArgs.map((a) => fill(a, values)), { reject: false, timeout: 5000 });
      return r.exitCode === 0 ? (String(r.stdout).split('\n')[0]?.trim() ?? null) : null;
    },

    configFiles: (sandbox) => [configPath(sandbox)],

    configuredServers: (sandbox) => jsonServerNames(configPath(sandbox)),

    writeConfig(sandbox, servers: Record<string, ServerConfigEntry>) {
      writePrivateFile(configPath(sandbox), `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
    },

    async start(sandbox, run): Promise<HostSession> {
      const values = placeholderValues(loaded, sandbox, run);
      const chosen = run.resume ? profile.resumeArgs : profile.args;
      if (chosen === undefined) throw new HarnessError('SCRIPT', `host ${profile.name} cannot resume a session (profile has no resumeArgs)`);
      const argTemplates = options.wrapArgs?.(chosen) ?? chosen;
      const env: Record<string, string> = { ...sandbox.baseEnv() };
      for (const [key, value] of Object.entries(profile.env)) env[key] = fill(value, values);
      for (const knob of ['callTimeoutMs', 'connectTimeoutMs'] as const) {
        const variable = profile.knobs[knob];
        const value = run.knobs[knob];
        if (variable !== undefined && value !== undefined) env[variable] = String(value);
      }
      const proc = spawnInGroup(fill(profile.command, values), argTemplates.map((a) => fill(a, values)), { env, cwd: sandbox.project });
      return new TerminalHostSession(proc, profile, sandbox.screenScan.tap());
    },

    classifyOutput: (output) => classifyWithProfile(profile.results, output),

    ...(policy === undefined
      ? {}
      : {
          writePolicy(sandbox: Sandbox, pack: Record<string, unknown>) {
            writePrivateFile(fill(policy.path, placeholderValues(loaded, sandbox)), `${JSON.stringify(pack, null, 2)}\n`);
          },
        }),
    ...(telemetry === undefined
      ? {}
      : {
          readTelemetry(sandbox: Sandbox) {
            const file = fill(telemetry.path, placeholderValues(loaded, sandbox));
            return readJsonLinesTelemetry(file, sandbox.displayPath(file) ?? file);
          },
        }),
    ...(promptCommand === undefined
      ? {}
      : {
          promptLine: (server: string, name: string, args: Record<string, string>) =>
            fillCommand(promptCommand, { server, name, arguments: Object.entries(args).map(([k, v]) => `${k}=${v}`).join(' ') }).trimEnd(),
        }),
    ...(profile.commands.listPrompts === undefined ? {} : { listPromptsLine: profile.commands.listPrompts }),
  };
}
