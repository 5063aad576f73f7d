// The generic terminal-host adapter: everything host-specific comes from a HostProfile,
// so a host with a line-based chat loop needs a JSON file, not code. What the profile leaves
// out, the adapter's capabilities leave out, and the checks that need it say so.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { execa } from 'execa';
import type { Sandbox } from '../sandbox/sandbox.js';
import { suiteRoot } from '../suite-root.js';
import { spawnHost } from '../supervision/process-scope.js';
import { WarmCaches } from '../sandbox/warm-caches.js';
import type { CallStatus, HostAdapter, HostCapabilities, HostSession, ServerConfigEntry, StartOptions } from './host-adapter.js';
import { fillJsonPlaceholders, fillPlaceholders, profileDir, type HostProfile, type LoadedProfile, type Placeholder } from './profile-schema.js';
import { readConfigNames, renderConfig } from './config-template.js';
import { readConfiguredServers } from './configured-servers.js';
import { expandServerCommand, runHostCommand } from './server-commands.js';
import { readJsonLinesTelemetry } from './telemetry-file.js';
import { TerminalHostSession } from './terminal-session.js';
import { resultText, withErrorFlag } from './result-text.js';

const STATUSES: readonly CallStatus[] = ['completed', 'failed', 'denied', 'unknown', 'output_limit'];

function placeholderValues(loaded: LoadedProfile, sandbox?: Sandbox, run?: Pick<StartOptions, 'modelUrl' | 'apiKey'>): Record<Placeholder, string> {
  return {
    modelUrl: run?.modelUrl ?? '',
    // The origin alone, for SDKs that add the API's path themselves (Anthropic's /v1/messages, Gemini's /v1beta/models/...).
    modelOrigin: run?.modelUrl === undefined || run.modelUrl === '' ? '' : new URL(run.modelUrl).origin,
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

/** The status a profile's words give a result's text: the first matching pattern, or the JSON status field. */
function statusSaid(results: HostProfile['results'], output: unknown, text: string): CallStatus | null {
  if (results.format === 'regex') {
    const hit = Object.entries(results.patterns).find(([, re]) => re.test(text));
    return (hit?.[0] as CallStatus | undefined) ?? null;
  }
  const statusIn = (value: unknown): CallStatus | null =>
    value !== null && typeof value === 'object' ? (STATUSES.find((s) => s === (value as Record<string, unknown>)[results.statusField]) ?? null) : null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  // A Gemini host may send its JSON as the response object itself rather than as a string in it.
  return statusIn(parsed) ?? statusIn(output);
}

/**
 * Classifies a call's result the way the profile says results are written: its patterns (or
 * JSON status field) read the text the model got, in any model API's shape (result-text.ts);
 * the API's own error flag decides where they say nothing (or only "completed"). Null: unreadable.
 */
export function classifyWithProfile(results: HostProfile['results'], output: unknown, flags: { isError?: boolean } = {}): CallStatus | null {
  return withErrorFlag(statusSaid(results, output, resultText(output)), flags.isError);
}

function writePrivateFile(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, content, { mode: 0o600 });
}

/** Fills a chat command's {server}, {name} and {arguments}. */
function fillPromptLine(template: string, server: string, name: string, args: Record<string, string>): string {
  const fields = {
    server,
    name,
    arguments: Object.entries(args)
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
  };
  return fillPlaceholders(template, fields).trimEnd();
}

export interface ProfileAdapterOptions {
  /** Report name (default: the profile's name). */
  name?: string;
  /** How the CLI selects this host (default: the profile file path). */
  selector?: string;
  /** Rewrites the arguments of every start and command (the faulty hosts reuse refhost's profile this way). */
  wrapArgs?: (args: readonly string[]) => string[];
}

type Commands = NonNullable<HostCapabilities['commands']>;

/** The host's own server commands, as far as the profile describes them. */
function serverCommands(loaded: LoadedProfile, wrap: (args: readonly string[]) => string[]): Commands | undefined {
  const { profile } = loaded;
  const { add, list, remove } = profile.commands;
  if (add === undefined && list === undefined && remove === undefined) return undefined;
  const how = { terminal: profile.terminal, ...(add?.secretPrompt === undefined ? {} : { inputPrompt: add.secretPrompt }) };
  const run = (sandbox: Sandbox, line: { args: string[]; input: string }, piped = false) =>
    runHostCommand(
      fillPlaceholders(profile.command, placeholderValues(loaded, sandbox)),
      { ...line, args: wrap(line.args) },
      sandbox,
      hostEnv(profile, sandbox, placeholderValues(loaded, sandbox)),
      piped ? { ...how, terminal: 'pipes' } : how,
    );
  const commands: Commands = {};
  if (add !== undefined) {
    commands.add = async (sandbox, name, server, options = {}) => {
      const transport = 'command' in server ? 'stdio' : server.type === 'sse' ? 'sse' : 'http';
      const template = add[transport];
      if (template === undefined) throw new Error(`the profile's commands.add has no ${transport} line`);
      return run(sandbox, expandServerCommand(template, name, server, placeholderValues(loaded, sandbox), add.secrets), options.piped === true);
    };
  }
  if (list !== undefined)
    commands.list = (sandbox) => run(sandbox, { args: list.map((a) => fillPlaceholders(a, placeholderValues(loaded, sandbox))), input: '' });
  if (remove !== undefined) {
    commands.remove = (sandbox, name) =>
      run(sandbox, { args: remove.map((a) => fillPlaceholders(a, { ...placeholderValues(loaded, sandbox), name, url: '', command: '' })), input: '' });
  }
  return commands;
}

/** The host's environment: the sandbox's base plus the profile's variables. */
function hostEnv(profile: HostProfile, sandbox: Sandbox, values: Record<Placeholder, string>): Record<string, string> {
  const env: Record<string, string> = { ...sandbox.baseEnv() };
  for (const [key, value] of Object.entries(profile.env)) env[key] = fillPlaceholders(value, values);
  return env;
}

function capabilitiesOf(loaded: LoadedProfile, wrap: (args: readonly string[]) => string[]): HostCapabilities {
  const { profile } = loaded;
  const { policy, telemetry, prompts, resume } = profile;
  const legacy = resume?.legacySession;
  const commands = serverCommands(loaded, wrap);
  return {
    unsupported: profile.unsupported,
    ...(profile.lacks.length > 0 ? { lacks: profile.lacks } : {}),
    knobs: { callTimeoutMs: profile.knobs.callTimeoutMs !== undefined, connectTimeoutMs: profile.knobs.connectTimeoutMs !== undefined },
    ownDeadlines: profile.deadlines,
    quit: profile.answers.quit !== undefined,
    unknownGate: profile.screen.unknownGate !== undefined,
    ownScreen: true,
    builtins: { names: profile.builtins.tools, ...(profile.builtins.readFile === undefined ? {} : { readFile: profile.builtins.readFile }) },
    ...(profile.model.sideCallRule === undefined ? {} : { model: { sideCallRule: profile.model.sideCallRule } }),
    ...(resume === undefined
      ? {}
      : {
          resume:
            legacy === undefined
              ? {}
              : {
                  legacy: {
                    marker: legacy.marker,
                    place: (sandbox: Sandbox) => {
                      const values = placeholderValues(loaded, sandbox);
                      const to = fillPlaceholders(legacy.placeAt, values);
                      mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
                      copyFileSync(fillPlaceholders(legacy.file, values), to);
                    },
                  },
                },
        }),
    ...(commands === undefined ? {} : { commands }),
    ...(policy === undefined
      ? {}
      : {
          policy: {
            write: (sandbox: Sandbox, pack: Record<string, unknown> | string) =>
              writePrivateFile(
                fillPlaceholders(policy.path, placeholderValues(loaded, sandbox)),
                typeof pack === 'string' ? pack : `${JSON.stringify(pack, null, 2)}\n`,
              ),
          },
        }),
    ...(telemetry === undefined
      ? {}
      : {
          telemetry: {
            read: (sandbox: Sandbox) => {
              const file = fillPlaceholders(telemetry.path, placeholderValues(loaded, sandbox));
              return readJsonLinesTelemetry(file, sandbox.displayPath(file) ?? file);
            },
          },
        }),
    ...(prompts === undefined
      ? {}
      : {
          prompts: {
            line: (server: string, name: string, args: Record<string, string>) => fillPromptLine(prompts.fetch, server, name, args),
            listLine: prompts.list,
          },
        }),
  };
}

export function createProfileAdapter(loaded: LoadedProfile, options: ProfileAdapterOptions = {}): HostAdapter {
  const { profile } = loaded;
  const wrap = options.wrapArgs ?? ((args: readonly string[]) => [...args]);
  const configPath = (sandbox: Sandbox): string => fillPlaceholders(profile.config.path, placeholderValues(loaded, sandbox));
  const writeConfig = (sandbox: Sandbox, file: string, servers: Record<string, ServerConfigEntry>): void => {
    const base = fillJsonPlaceholders(profile.config.base, placeholderValues(loaded, sandbox)) as Record<string, unknown>;
    writePrivateFile(file, renderConfig({ ...profile.config, base }, servers));
  };
  const capabilities = capabilitiesOf(loaded, wrap);
  const warmCaches = profile.warmCaches === undefined ? undefined : new WarmCaches(profile.warmCaches);

  return {
    name: options.name ?? profile.name,
    selector: options.selector ?? loaded.file,
    capabilities,
    ...(warmCaches === undefined ? {} : { warmCaches }),
    reading: {
      statusLine: profile.screen.statusLine,
      unavailableLine: profile.screen.unavailableLine,
      flags: { instructionLike: profile.screen.instructionFlag, changedDefinition: profile.screen.changedFlag },
      classifyOutput: (output, flags) => classifyWithProfile(profile.results, output, flags),
    },
    config: {
      files: (sandbox) => [configPath(sandbox)],
      read: (sandbox) => readConfiguredServers(configPath(sandbox), (text) => readConfigNames(profile.config, text, configPath(sandbox))),
      write: (sandbox, servers: Record<string, ServerConfigEntry>) => writeConfig(sandbox, configPath(sandbox), servers),
      writeAt: (sandbox, file, servers) => writeConfig(sandbox, file, servers),
    },

    async version() {
      if (profile.versionArgs === undefined) return null;
      const values = placeholderValues(loaded);
      const r = await execa(
        fillPlaceholders(profile.command, values),
        profile.versionArgs.map((a) => fillPlaceholders(a, values)),
        { reject: false, timeout: 5000 },
      );
      return r.exitCode === 0 ? (String(r.stdout).split('\n')[0]?.trim() ?? null) : null;
    },

    async start(sandbox, run): Promise<HostSession> {
      const values = placeholderValues(loaded, sandbox, run);
      // The runner resumes only hosts whose capabilities say they can.
      const chosen = run.resume && profile.resume !== undefined ? profile.resume.args : profile.args;
      const env = hostEnv(profile, sandbox, values);
      for (const knob of ['callTimeoutMs', 'connectTimeoutMs'] as const) {
        const variable = profile.knobs[knob];
        const value = run.knobs[knob];
        if (variable !== undefined && value !== undefined) env[variable] = String(value);
      }
      warmCaches?.seed(sandbox);
      const proc = await spawnHost(fillPlaceholders(profile.command, values), wrap(chosen.map((a) => fillPlaceholders(a, values))), {
        env,
        cwd: sandbox.project,
        terminal: profile.terminal,
      });
      return new TerminalHostSession(proc, profile, sandbox.screenScan.tap());
    },
  };
}
