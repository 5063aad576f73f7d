// Source mutants of refhost for STDIO, TRANSPORT and DISCOVER, second round (issue 26): written
// from the catalogue and refhost's code only, before reading the checks. Each is the other
// member of a family an earlier mutant covered: another environment variable family or
// comparison, another argument character class, another exit path or signal count, another
// way a server fails, the other side of a deadline, the other MCP revision.
import type { Mutant } from './mutant-build.js';

const STDIO_TRANSPORT = 'mcp/stdio-transport.ts';
const INHERIT_LOOP = `  for (const name of INHERITED_VARIABLES) {
    const value = hostEnv[name];
    if (value !== undefined) env[name] = value;
  }`;
const SPAWN = 'const defaultSpawn: SpawnStdio = (command, args, options) => spawn(command, [...args], options);';
const START_TO_EXIT = `    const child = (this.options.spawn ?? defaultSpawn)(this.options.command, this.options.args, { ...STDIO_SPAWN_OPTIONS, env: this.options.env });`;
const EXIT_REASON = '      this.exitDescription ??= signal ? `server process ended by ${String(signal)}` : `server process exited (code ${String(code)})`;';

const STDIO: readonly Mutant[] = [
  {
    id: 'stdio-env-locale-family',
    file: STDIO_TRANSPORT,
    find: INHERIT_LOOP,
    replace: `${INHERIT_LOOP}
  // LANG is passed, so the rest of the locale goes with it.
  for (const [name, value] of Object.entries(hostEnv)) if (value !== undefined && (name.startsWith('LC_') || name === 'LANGUAGE')) env[name] = value;`,
    breaks: 'STDIO-3: LANG is passed, and with it every LC_* variable and LANGUAGE, which were not configured',
  },
  {
    id: 'stdio-env-prefix-match',
    file: STDIO_TRANSPORT,
    find: INHERIT_LOOP,
    replace: `  for (const [name, value] of Object.entries(hostEnv)) {
    if (value !== undefined && INHERITED_VARIABLES.some((kept) => name.startsWith(kept))) env[name] = value;
  }`,
    breaks: 'STDIO-3: variables whose names begin with PATH, HOME or LANG (HOMEBREW_*, PATH_EXTRA...) are passed too',
  },
  {
    id: 'stdio-env-case-insensitive',
    file: STDIO_TRANSPORT,
    find: INHERIT_LOOP,
    replace: `  for (const [name, value] of Object.entries(hostEnv)) {
    if (value !== undefined && (INHERITED_VARIABLES as readonly string[]).includes(name.toUpperCase())) env[name] = value;
  }`,
    breaks: 'STDIO-3: the kept names are compared case-insensitively, so Path, home or lang from the host pass too',
  },
  {
    id: 'stdio-env-host-overrides-configured',
    file: STDIO_TRANSPORT,
    find: '  return { ...env, ...configured };',
    replace: '  return { ...configured, ...env };',
    breaks: "STDIO-3: a configured PATH, HOME or LANG is replaced by the host's own value",
  },
  {
    id: 'stdio-args-split-on-spaces',
    file: STDIO_TRANSPORT,
    find: SPAWN,
    replace: "const defaultSpawn: SpawnStdio = (command, args, options) => spawn(command, args.flatMap((a) => a.split(' ')), options);",
    breaks: 'STDIO-1: an argument holding a space reaches the server as several arguments',
  },
  {
    id: 'stdio-args-quotes-stripped',
    file: STDIO_TRANSPORT,
    find: SPAWN,
    replace: "const defaultSpawn: SpawnStdio = (command, args, options) => spawn(command, args.map((a) => a.replace(/^([\"'])(.*)\\1$/s, '$2')), options);",
    breaks: 'STDIO-1: quotes around an argument are stripped as a shell would',
  },
  {
    id: 'stdio-command-line-through-shell',
    file: STDIO_TRANSPORT,
    find: SPAWN,
    replace:
      'const defaultSpawn: SpawnStdio = (command, args, options) => spawn(command, [...args], { ...options, shell: args.length === 0 && /\\s/.test(command) });',
    breaks: 'STDIO-1: a command configured without arguments but with a space in it runs through a shell',
  },
  {
    id: 'stdio-sigint-handled-once',
    file: 'chat/run-chat.ts',
    find: "  signals.on('SIGINT', onInterrupt);",
    replace: "  process.once('SIGINT', onInterrupt);",
    breaks: 'STDIO-5: only the first Ctrl-C is handled; a second one kills the host without stopping its servers',
  },
  {
    id: 'stdio-no-sigkill-escalation',
    file: STDIO_TRANSPORT,
    find: "    killGroup(pid, 'SIGKILL');\n    await this.exited;",
    replace: "    killGroup(pid, 'SIGTERM');\n    await this.exited;",
    breaks: 'STDIO-5: a server that ignores SIGTERM is sent SIGTERM again instead of SIGKILL, so it is never stopped',
  },
  {
    id: 'stdio-stderr-in-exit-reason',
    file: STDIO_TRANSPORT,
    find: `${START_TO_EXIT}
    this.child = child;`,
    replace: `${START_TO_EXIT.replace('{ ...STDIO_SPAWN_OPTIONS, env', "{ ...STDIO_SPAWN_OPTIONS, stdio: ['pipe', 'pipe', 'pipe'], env")}
    this.child = child;
    // Keep the last words of a server that dies: they say why.
    let stderrTail = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderrTail = (stderrTail + chunk.toString('utf8')).slice(-200)));
    child.once('exit', (code) => code !== 0 && stderrTail !== '' && (this.exitDescription ??= \`server process exited (code \${String(code)}): \${stderrTail.trim()}\`));`,
    breaks: 'STDIO-4: a server that exits with an error has its stderr shown in its status or call outcome',
  },
  {
    id: 'stdio-crash-rejects-unhandled',
    file: STDIO_TRANSPORT,
    find: EXIT_REASON,
    replace: `      if (code !== 0 && this.exitDescription === undefined) throw new McpLayerError('closed', \`server process exited (code \${String(code)})\`);
${EXIT_REASON}`,
    breaks: 'STDIO-6: a stdio server that exits with an error code rejects a promise nobody handles, which takes the host down',
  },
];

const TRANSPORT: readonly Mutant[] = [
  {
    id: 'transport-stdio-initialize-only',
    file: 'mcp/connect-all.ts',
    find: "  return { transport, closedReason: () => transport.exitReason, opening: 'probe-in-place' };",
    replace: "  return { transport, closedReason: () => transport.exitReason, opening: 'initialize' };",
    breaks: 'TRANSPORT-1: stdio servers are always opened with initialize, so one that speaks only 2026-07-28 is unavailable',
  },
  {
    id: 'transport-http-initialize-only',
    file: 'mcp/connect-all.ts',
    find: "      opening: link.legacyOnly ? 'initialize' : 'probe-or-initialize',",
    replace: "      opening: 'initialize',",
    breaks: 'TRANSPORT-1: Streamable HTTP servers are always opened with initialize, so one that speaks only 2026-07-28 is unavailable',
  },
  {
    id: 'transport-stdio-pinned-modern',
    file: 'mcp/server-session.ts',
    find: "        client.setVersionNegotiation({ mode: 'auto', probe: { timeoutMs: probeTimeoutMs, maxRetries: 0 } });",
    replace: "        client.setVersionNegotiation({ mode: { pin: '2026-07-28' }, probe: { timeoutMs: probeTimeoutMs, maxRetries: 0 } });",
    breaks: 'TRANSPORT-1: stdio servers must speak 2026-07-28, so one that speaks only 2025-11-25 is unavailable',
  },
  {
    id: 'transport-http-pinned-modern',
    file: 'mcp/http-opening.ts',
    find: "  first.client.setVersionNegotiation({ mode: 'auto', probe: { timeoutMs: options.timeout, maxRetries: 0 } });",
    replace: "  first.client.setVersionNegotiation({ mode: { pin: '2026-07-28' }, probe: { timeoutMs: options.timeout, maxRetries: 0 } });",
    breaks: 'TRANSPORT-1: Streamable HTTP servers must speak 2026-07-28, so one that speaks only 2025-11-25 is unavailable',
  },
  {
    id: 'transport-probe-budget-seconds',
    file: 'mcp/connect-all.ts',
    find: '    await session.connect(deadline.signal, Math.floor(options.connectTimeoutMs / PROBE_SHARE));',
    replace: '    await session.connect(deadline.signal, Math.floor(options.connectTimeoutMs / PROBE_SHARE / 1000));',
    breaks:
      'TRANSPORT-1: the server/discover probe waits milliseconds meant as seconds, so a 2026-07-28-only stdio server is given up for legacy before it can answer',
  },
  {
    id: 'transport-spare-failure-gives-up',
    file: 'mcp/http-opening.ts',
    find: '      if (done || probeFailure === undefined || (second !== undefined && !secondFailed)) return;\n      finish();\n      reject(probeFailure.error);',
    replace:
      "      if (done || (probeFailure === undefined && !secondFailed) || (second !== undefined && !secondFailed)) return;\n      finish();\n      reject(probeFailure?.error ?? new Error('the server refused initialize'));",
    breaks: 'TRANSPORT-1: when initialize is refused the opening gives up without waiting for the probe, so a slow 2026-07-28-only HTTP server is unavailable',
  },
  {
    id: 'transport-sse-headers-dropped',
    file: 'mcp/http-transport.ts',
    find: "    super(new URL(url), { requestInit: { headers: { ...headers } }, fetch: fetchWithin, redirectPolicy: 'follow' });",
    replace: "    super(new URL(url), { fetch: fetchWithin, redirectPolicy: 'follow' });",
    breaks: 'TRANSPORT-2: the configured headers are not sent over HTTP+SSE, so a legacy server that needs its key is unavailable',
  },
];

const DISCOVER: readonly Mutant[] = [
  {
    id: 'discover-crash-reason-throws',
    file: 'mcp/connect-errors.ts',
    find: "  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;\n  if (error instanceof TypeError && typeof cause?.code === 'string')",
    replace: "  const cause = (error as { cause: { code?: unknown } }).cause;\n  if (typeof cause.code === 'string' && error instanceof TypeError)",
    breaks: 'DISCOVER-4: describing a failure without a cause (a server that crashed during its opening) throws, and start-up fails',
  },
  {
    id: 'discover-deadline-split-between-servers',
    file: 'mcp/connect-all.ts',
    find: '    Object.entries(config.mcpServers).map(([name, server]) => () => connectServer(name, server, options, deps, redact)),',
    replace:
      '    Object.entries(config.mcpServers).map(([name, server], _, all) => () => connectServer(name, server, { ...options, connectTimeoutMs: Math.floor(options.connectTimeoutMs / all.length) }, deps, redact)),',
    breaks: 'DISCOVER-2: the connect deadline is shared out between the servers, so with several servers each gets less than its own deadline',
  },
  {
    id: 'discover-connect-deadline-5s',
    file: 'chat/chat-settings.ts',
    find: 'export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;',
    replace: 'export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;',
    breaks: 'DISCOVER-2: the connect deadline is 5 s, not 10 s, so a server answering after 6 s is dropped',
  },
  {
    id: 'discover-crash-reason-empty',
    file: 'mcp/connect-errors.ts',
    find: '  if (session.isClosed) return `${session.closedReason()} before discovery finished`;',
    replace: "  if (session.isClosed) return '';",
    breaks: 'DISCOVER-3: a server whose process ended during discovery is shown unavailable without a reason',
  },
  {
    id: 'discover-unavailable-status-dropped',
    file: 'chat/run-chat.ts',
    find: '    for (const status of connections.statuses) screen.write(dialect.screen.statusLine(status));',
    replace: '    for (const status of connections.statuses) if (status.ok || connections.tools.length === 0) screen.write(dialect.screen.statusLine(status));',
    breaks: 'DISCOVER-3: an unavailable server gets no status line as soon as another server offers tools',
  },
];

export const STDIO_TRANSPORT_DISCOVER_FAMILY_MUTANTS: readonly Mutant[] = [...STDIO, ...TRANSPORT, ...DISCOVER];
