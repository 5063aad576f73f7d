// Source mutants of refhost for STDIO, TRANSPORT and REPLAY (issue 13): one-line bugs a host
// developer would plausibly write, each breaking exactly one guarantee.
import type { Mutant } from './mutant-build.js';

/** Where a saved session's items are read back and checked (loadSession). */
const LOAD_ITEM = "    return check(where(i + 1), 'not a session item', SessionItemSchema, header.version === 1 ? upgradeV1Line(value) : value);";

const INHERITED = "const INHERITED_VARIABLES = ['PATH', 'HOME', 'LANG'] as const;";
const leaks = (name: string): Pick<Mutant, 'file' | 'find' | 'replace'> => ({
  file: 'mcp/stdio-transport.ts',
  find: INHERITED,
  replace: INHERITED.replace("'LANG']", `'LANG', '${name}']`),
});
const SPAWN = 'const defaultSpawn: SpawnStdio = (command, args, options) => spawn(command, [...args], options);';
const ON_LINE_NOT_MESSAGE = "      this.onerror?.(new McpLayerError('protocol', 'skipped a line on stdout that is not a JSON-RPC message'));";

const SSE_GUARD = "        if (isStream && ++streams > 1) throw new McpLayerError('closed', 'the SSE event stream ended; refhost does not reconnect');";
const SSE_BETWEEN = `        return await guarded(input, init);
      } catch (error) {
        if (isMcpLayerError(error) && self && !self.started) self.refusal ??= error;
        throw error;
      }
    };
    super(new URL(url), { requestInit: { headers: { ...headers } }, fetch: fetchWithin, redirectPolicy: 'follow' });
    self = this;
    // The SDK Client chains its own handler after this one: once started, a stream failure
    // ends the link for good (before that, start() rejects with the reason).
`;
const SSE_ON_ERROR = `    this.onerror = (error) => {
      if (!(error instanceof SseError) || !this.started) return;
      options.fail(this.streamError ?? new McpLayerError('closed', 'the SSE event stream ended'));
      void this.close();
    };`;

const STDIO: readonly Mutant[] = [
  {
    id: 'stdio-shell-true',
    file: 'mcp/stdio-transport.ts',
    find: '  shell: false,',
    replace: '  shell: true,',
    breaks: 'STDIO-1: the command runs through a shell',
  },
  {
    id: 'stdio-args-env-expanded',
    file: 'mcp/stdio-transport.ts',
    find: SPAWN,
    replace:
      "const defaultSpawn: SpawnStdio = (command, args, options) => spawn(command, args.map((a) => a.replace(/\\$(\\w+)/g, (_, n: string) => process.env[n] ?? '')), options);",
    breaks: 'STDIO-1: $VAR in arguments is expanded by the host (an argument "$HOME" does not reach the server literally)',
  },
  {
    id: 'stdio-args-tilde-expanded',
    file: 'mcp/stdio-transport.ts',
    find: SPAWN,
    replace:
      "const defaultSpawn: SpawnStdio = (command, args, options) => spawn(command, args.map((a) => a.replace(/^~(?=\\/)/, process.env.HOME ?? '~')), options);",
    breaks: 'STDIO-1: a leading ~/ in arguments is expanded to the home directory',
  },
  {
    id: 'stdio-same-process-group',
    file: 'mcp/stdio-transport.ts',
    find: '  detached: true,',
    replace: '  detached: false,',
    breaks: "STDIO-2: the server runs in the host's process group",
  },
  { id: 'stdio-env-leaks-term', ...leaks('TERM'), breaks: 'STDIO-3: the host passes TERM on to stdio servers' },
  { id: 'stdio-env-leaks-user', ...leaks('USER'), breaks: 'STDIO-3: the host passes USER on to stdio servers' },
  { id: 'stdio-env-leaks-shell', ...leaks('SHELL'), breaks: 'STDIO-3: the host passes SHELL on to stdio servers' },
  { id: 'stdio-env-leaks-node-options', ...leaks('NODE_OPTIONS'), breaks: 'STDIO-3: the host passes NODE_OPTIONS on to stdio servers' },
  { id: 'stdio-env-leaks-tmpdir', ...leaks('TMPDIR'), breaks: 'STDIO-3: the host passes TMPDIR on to stdio servers' },
  { id: 'stdio-env-leaks-api-key', ...leaks('OPENAI_API_KEY'), breaks: 'STDIO-3: the host passes the model API key on to stdio servers' },
  {
    id: 'stdio-env-whole-when-none-configured',
    file: 'mcp/stdio-transport.ts',
    find: '  return { ...env, ...configured };',
    replace: '  return Object.keys(configured).length > 0 ? { ...env, ...configured } : ({ ...hostEnv } as Record<string, string>);',
    breaks: "STDIO-3: a stdio server without configured variables inherits the host's whole environment",
  },
  {
    id: 'stdio-env-inherits-all',
    file: 'mcp/stdio-transport.ts',
    find: '  return { ...env, ...configured };',
    replace: '  return { ...(hostEnv as Record<string, string>), ...configured };',
    breaks: "STDIO-3: stdio servers inherit the host's whole environment",
  },
  {
    id: 'stdio-stderr-inherited',
    file: 'mcp/stdio-transport.ts',
    find: "  stdio: ['pipe', 'pipe', 'ignore'] satisfies SpawnOptions['stdio'],",
    replace: "  stdio: ['pipe', 'pipe', 'inherit'] satisfies SpawnOptions['stdio'],",
    breaks: "STDIO-4: the server's stderr is shown on the host's terminal",
  },
  {
    id: 'stdio-stderr-logged',
    file: 'mcp/stdio-transport.ts',
    find: "  stdio: ['pipe', 'pipe', 'ignore'] satisfies SpawnOptions['stdio'],",
    replace:
      "  stdio: ['pipe', 'pipe', process.getBuiltinModule('node:fs').openSync(`${process.env.XDG_STATE_HOME ?? process.env.HOME ?? '/tmp'}/refhost-servers.log`, 'a', 0o600)] satisfies SpawnOptions['stdio'],",
    breaks: "STDIO-4: the server's stderr is appended to a log file",
  },
  {
    id: 'stdio-kill-leader-only',
    file: 'mcp/stdio-transport.ts',
    find: '    process.kill(-pid, signal);',
    replace: '    process.kill(pid, signal);',
    breaks: 'STDIO-5: only the server process is signalled, not its group, so what it started keeps running',
  },
  {
    id: 'stdio-garbage-line-throws',
    file: 'mcp/stdio-transport.ts',
    find: "      this.onerror?.(new McpLayerError('protocol', 'skipped a line on stdout that is not JSON'));\n      return;",
    replace: "      throw new McpLayerError('protocol', 'the server wrote a line on stdout that is not JSON');",
    breaks: "STDIO-6: a non-JSON line on a stdio server's stdout throws inside the data handler and takes the host down",
  },
  {
    id: 'stdio-non-rpc-json-throws',
    file: 'mcp/stdio-transport.ts',
    find: `${ON_LINE_NOT_MESSAGE}\n      return;`,
    replace: "      throw new McpLayerError('protocol', 'the server wrote JSON on stdout that is not a JSON-RPC message');",
    breaks: 'STDIO-6: a JSON line that is not a JSON-RPC message (e.g. a log object) takes the host down',
  },
  {
    id: 'stdio-stdin-error-unhandled',
    file: 'mcp/stdio-transport.ts',
    find: "    child.stdin?.on('error', (error) => this.onerror?.(new McpLayerError('closed', `writing to the server failed: ${error.message}`)));",
    replace: '',
    breaks: 'STDIO-6: a write to a server that already exited raises an unhandled EPIPE that takes the host down',
  },
];

const TRANSPORT: readonly Mutant[] = [
  {
    id: 'transport-stdio-split-lines-dropped',
    file: 'mcp/stdio-transport.ts',
    find: '      if (newline === -1) return;',
    replace: '      if (newline === -1) {\n        this.pending = [];\n        this.pendingBytes = 0;\n        return;\n      }',
    breaks: 'TRANSPORT-1: a stdio message split across two reads (any answer over one pipe chunk, ~64 KiB) is lost',
  },
  {
    id: 'transport-sse-whole-stream-capped',
    file: 'mcp/http-transport.ts',
    find: '    const guarded = options.fetch ?? createGuardedFetch({ capPerEvent: true, onBodyError: (error) => self?.noteStreamError(error) });',
    replace: '    const guarded = options.fetch ?? createGuardedFetch({ capPerEvent: false, onBodyError: (error) => self?.noteStreamError(error) });',
    breaks: 'TRANSPORT-2: the whole SSE event stream is capped at 1 MiB, so a legacy server dies after 1 MiB of traffic',
  },
  {
    id: 'transport-sse-stream-unguarded',
    file: 'mcp/http-transport.ts',
    find: '        return await guarded(input, init);',
    replace: '        return await (isStream ? fetch(input, init) : guarded(input, init));',
    breaks: 'TRANSPORT-2: the SSE event stream is opened with plain fetch, which follows redirects and has no cap',
  },
  {
    // Both halves of refhost's no-reconnect rule go: the guard on a second GET and the close on a
    // stream failure (either alone still stops the SDK's EventSource from reconnecting).
    id: 'transport-sse-reconnects',
    file: 'mcp/http-transport.ts',
    find: `${SSE_GUARD}\n${SSE_BETWEEN}${SSE_ON_ERROR}`,
    replace: `${SSE_BETWEEN}    this.onerror = () => undefined;`,
    breaks: 'TRANSPORT-2: the legacy SSE event stream is reopened when it drops (UNKNOWN-1 over SSE: a transport-level retry into a new session)',
  },
];

const REPLAY: readonly Mutant[] = [
  {
    id: 'replay-removed-server-refused',
    file: 'chat/run-chat.ts',
    find: '    session = openSession(options, sessionsDir(env), dialect);',
    replace:
      "    session = openSession(options, sessionsDir(env), dialect);\n    for (const item of session.history) if (item.type === 'function_call' && item.name.startsWith('mcp_') && !Object.keys(config.mcpServers).some((s) => item.name.startsWith(`mcp_${s}_`))) throw new Error(`the session uses ${item.name}, whose server is no longer configured`);",
    breaks: 'REPLAY-1: a session that used a server no longer configured does not open',
  },
  {
    id: 'replay-offline-server-refused',
    file: 'chat/run-chat.ts',
    find: '    if (session.resumedId !== null) screen.write(',
    replace:
      "    if (session.resumedId !== null && connections.statuses.some((s) => !s.ok)) throw new Error('cannot resume: a server of this session is unavailable');\n    if (session.resumedId !== null) screen.write(",
    breaks: 'REPLAY-1: a session does not open while one of its servers is offline',
  },
  // Checked when a session is loaded, not when its items are recorded: the calls run and are
  // saved as usual, and only resuming them fails (a check of the live call would stop the first
  // start, so the replay would never be reached).
  {
    id: 'replay-empty-arguments-rejected',
    file: 'sessions/session-store.ts',
    find: LOAD_ITEM,
    replace: `    const item = check(where(i + 1), 'not a session item', SessionItemSchema, header.version === 1 ? upgradeV1Line(value) : value);
    if (item.type === 'function_call' && item.mcp !== undefined && Object.keys(JSON.parse(item.arguments) as object).length === 0) throw new SessionFileError(\`\${where(i + 1)}: a recorded MCP call has no arguments\`);
    return item;`,
    breaks: 'REPLAY-2: a recorded MCP call with empty arguments {} makes the session unloadable',
  },
  {
    id: 'replay-arguments-string-values-only',
    file: 'sessions/session-store.ts',
    find: LOAD_ITEM,
    replace: `    const item = check(where(i + 1), 'not a session item', SessionItemSchema, header.version === 1 ? upgradeV1Line(value) : value);
    if (item.type === 'function_call' && item.mcp !== undefined && !Object.values(JSON.parse(item.arguments) as object).every((v) => typeof v === 'string' || typeof v === 'number')) throw new SessionFileError(\`\${where(i + 1)}: recorded arguments must be strings or numbers\`);
    return item;`,
    breaks: 'REPLAY-2: recorded arguments holding booleans, objects or arrays make the session unloadable',
  },
  {
    id: 'replay-v1-not-upgraded',
    file: 'sessions/session-store.ts',
    find: LOAD_ITEM,
    replace: "    return check(where(i + 1), 'not a session item', SessionItemSchema, value);",
    breaks: 'REPLAY-3: version 1 sessions (bare {role, content} messages) no longer load',
  },
  {
    id: 'replay-v1-created-at-required',
    file: 'sessions/session-item.ts',
    find: '  createdAt: z.string().min(1).optional(),',
    replace: '  createdAt: z.string().min(1),',
    breaks: 'REPLAY-3: version 1 sessions without createdAt no longer load',
  },
  {
    id: 'replay-v1-assistant-dropped',
    file: 'sessions/session-item.ts',
    find: "  if (typeof value === 'object' && value !== null && !('type' in value) && 'role' in value) {",
    replace: "  if (typeof value === 'object' && value !== null && !('type' in value) && 'role' in value && (value as { role?: unknown }).role === 'user') {",
    breaks: 'REPLAY-3: version 1 assistant messages are not upgraded, so a v1 session with an answer fails to load',
  },
];

export const STDIO_TRANSPORT_MUTANTS: readonly Mutant[] = [...STDIO, ...TRANSPORT, ...REPLAY];
