// Source mutants of refhost for STDIO-1..6 and DISCOVER-1/3/4: a stdio server's argv,
// environment, process group and end, the host outliving bad servers, and what discovery asks
// and shows before the first answer. Checks of STDIO-1/6 and DISCOVER-3 are in
// checks-stdio-discovery.ts; the others are graded by check-helpers.ts alone, so they stay with
// their family. DISCOVER-2's deadlines are in mutants-deadlines.ts.
import type { Mutant } from './mutant-build.js';
import { LIST_TOOLS } from './mutant-anchors.js';

const INHERITED = "const INHERITED_VARIABLES = ['PATH', 'HOME', 'LANG'] as const;";

const leaks = (name: string): Pick<Mutant, 'seam' | 'find' | 'replace'> => ({
  seam: 'INHERITED_VARIABLES',
  find: INHERITED,
  replace: INHERITED.replace("'LANG']", `'LANG', '${name}']`),
});

const SPAWN = 'const defaultSpawn: SpawnStdio = (command, args, options) => spawn(command, [...args], options);';
const ON_LINE_NOT_MESSAGE = "      this.onerror?.(new McpLayerError('protocol', 'skipped a line on stdout that is not a JSON-RPC message'));";
const INHERIT_LOOP = `  for (const name of INHERITED_VARIABLES) {
    const value = hostEnv[name];
    if (value !== undefined) env[name] = value;
  }`;
const START_TO_EXIT = `    const child = (this.options.spawn ?? defaultSpawn)(this.options.command, this.options.args, { ...STDIO_SPAWN_OPTIONS, env: this.options.env });`;
const EXIT_REASON = '      this.exitDescription ??= signal ? `server process ended by ${String(signal)}` : `server process exited (code ${String(code)})`;';

const STDIO: readonly Mutant[] = [
  {
    id: 'stdio-shell-true',
    seam: 'STDIO_SPAWN_OPTIONS',
    find: '  shell: false,',
    replace: '  shell: true,',
    breaks: 'STDIO-1: the command runs through a shell',
  },
  {
    id: 'stdio-args-env-expanded',
    seam: 'defaultSpawn',
    find: SPAWN,
    replace:
      "const defaultSpawn: SpawnStdio = (command, args, options) => spawn(command, args.map((a) => a.replace(/\\$(\\w+)/g, (_, n: string) => process.env[n] ?? '')), options);",
    breaks: 'STDIO-1: $VAR in arguments is expanded by the host (an argument "$HOME" does not reach the server literally)',
  },
  {
    id: 'stdio-args-tilde-expanded',
    seam: 'defaultSpawn',
    find: SPAWN,
    replace:
      "const defaultSpawn: SpawnStdio = (command, args, options) => spawn(command, args.map((a) => a.replace(/^~(?=\\/)/, process.env.HOME ?? '~')), options);",
    breaks: 'STDIO-1: a leading ~/ in arguments is expanded to the home directory',
  },
  {
    id: 'stdio-args-split-on-spaces',
    seam: 'defaultSpawn',
    find: SPAWN,
    replace: "const defaultSpawn: SpawnStdio = (command, args, options) => spawn(command, args.flatMap((a) => a.split(' ')), options);",
    breaks: 'STDIO-1: an argument holding a space reaches the server as several arguments',
  },
  {
    id: 'stdio-args-quotes-stripped',
    seam: 'defaultSpawn',
    find: SPAWN,
    replace: "const defaultSpawn: SpawnStdio = (command, args, options) => spawn(command, args.map((a) => a.replace(/^([\"'])(.*)\\1$/s, '$2')), options);",
    breaks: 'STDIO-1: quotes around an argument are stripped as a shell would',
  },
  {
    id: 'stdio-command-line-through-shell',
    seam: 'defaultSpawn',
    find: SPAWN,
    replace:
      'const defaultSpawn: SpawnStdio = (command, args, options) => spawn(command, [...args], { ...options, shell: args.length === 0 && /\\s/.test(command) });',
    breaks: 'STDIO-1: a command configured without arguments but with a space in it runs through a shell',
  },
  {
    id: 'stdio-same-process-group',
    seam: 'STDIO_SPAWN_OPTIONS',
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
    seam: 'buildStdioEnv',
    find: '  return { ...env, ...configured };',
    replace: '  return Object.keys(configured).length > 0 ? { ...env, ...configured } : ({ ...hostEnv } as Record<string, string>);',
    breaks: "STDIO-3: a stdio server without configured variables inherits the host's whole environment",
  },
  {
    id: 'stdio-env-inherits-all',
    seam: 'buildStdioEnv',
    find: '  return { ...env, ...configured };',
    replace: '  return { ...(hostEnv as Record<string, string>), ...configured };',
    breaks: "STDIO-3: stdio servers inherit the host's whole environment",
  },
  {
    id: 'stdio-env-locale-family',
    seam: 'buildStdioEnv',
    find: INHERIT_LOOP,
    replace: `${INHERIT_LOOP}
  // LANG is passed, so the rest of the locale goes with it.
  for (const [name, value] of Object.entries(hostEnv)) if (value !== undefined && (name.startsWith('LC_') || name === 'LANGUAGE')) env[name] = value;`,
    breaks: 'STDIO-3: LANG is passed, and with it every LC_* variable and LANGUAGE, which were not configured',
  },
  {
    id: 'stdio-env-prefix-match',
    seam: 'buildStdioEnv',
    find: INHERIT_LOOP,
    replace: `  for (const [name, value] of Object.entries(hostEnv)) {
    if (value !== undefined && INHERITED_VARIABLES.some((kept) => name.startsWith(kept))) env[name] = value;
  }`,
    breaks: 'STDIO-3: variables whose names begin with PATH, HOME or LANG (HOMEBREW_*, PATH_EXTRA...) are passed too',
  },
  {
    id: 'stdio-env-case-insensitive',
    seam: 'buildStdioEnv',
    find: INHERIT_LOOP,
    replace: `  for (const [name, value] of Object.entries(hostEnv)) {
    if (value !== undefined && (INHERITED_VARIABLES as readonly string[]).includes(name.toUpperCase())) env[name] = value;
  }`,
    breaks: 'STDIO-3: the kept names are compared case-insensitively, so Path, home or lang from the host pass too',
    argued:
      'needs a host environment holding Path, home or lang beside PATH, HOME and LANG: on Linux, where names are case-sensitive, no login or shell sets them, and on Windows, where they are one name, the comparison is right',
  },
  {
    id: 'stdio-env-host-overrides-configured',
    seam: 'buildStdioEnv',
    find: '  return { ...env, ...configured };',
    replace: '  return { ...configured, ...env };',
    breaks: "STDIO-3: a configured PATH, HOME or LANG is replaced by the host's own value",
  },
  {
    id: 'stdio-stderr-inherited',
    seam: 'STDIO_SPAWN_OPTIONS',
    find: "  stdio: ['pipe', 'pipe', 'ignore'] satisfies SpawnOptions['stdio'],",
    replace: "  stdio: ['pipe', 'pipe', 'inherit'] satisfies SpawnOptions['stdio'],",
    breaks: "STDIO-4: the server's stderr is shown on the host's terminal",
  },
  {
    id: 'stdio-stderr-logged',
    seam: 'STDIO_SPAWN_OPTIONS',
    find: "  stdio: ['pipe', 'pipe', 'ignore'] satisfies SpawnOptions['stdio'],",
    replace:
      "  stdio: ['pipe', 'pipe', process.getBuiltinModule('node:fs').openSync(`${process.env.XDG_STATE_HOME ?? process.env.HOME ?? '/tmp'}/refhost-servers.log`, 'a', 0o600)] satisfies SpawnOptions['stdio'],",
    breaks: "STDIO-4: the server's stderr is appended to a log file",
  },
  {
    id: 'stdio-stderr-in-exit-reason',
    seam: 'StdioProcessTransport.start',
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
    id: 'stdio-kill-leader-only',
    seam: 'killGroup',
    find: '    process.kill(-pid, signal);',
    replace: '    process.kill(pid, signal);',
    breaks: 'STDIO-5: only the server process is signalled, not its group, so what it started keeps running',
  },
  {
    id: 'stdio-sigint-handled-once',
    seam: 'runChat',
    find: "  signals.on('SIGINT', onInterrupt);",
    replace: "  process.once('SIGINT', onInterrupt);",
    breaks: 'STDIO-5: only the first Ctrl-C is handled; a second one kills the host without stopping its servers',
  },
  {
    id: 'stdio-no-sigkill-escalation',
    seam: 'StdioProcessTransport.stop',
    find: "    killGroup(pid, 'SIGKILL');\n    await this.exited;",
    replace: "    killGroup(pid, 'SIGTERM');\n    await this.exited;",
    breaks: 'STDIO-5: a server that ignores SIGTERM is sent SIGTERM again instead of SIGKILL, so it is never stopped',
  },
  {
    id: 'stdio-garbage-line-throws',
    seam: 'StdioProcessTransport.onLine',
    find: "      this.onerror?.(new McpLayerError('protocol', 'skipped a line on stdout that is not JSON'));\n      return;",
    replace: "      throw new McpLayerError('protocol', 'the server wrote a line on stdout that is not JSON');",
    breaks: "STDIO-6: a non-JSON line on a stdio server's stdout throws inside the data handler and takes the host down",
  },
  {
    id: 'stdio-non-rpc-json-throws',
    seam: 'StdioProcessTransport.onLine',
    find: `${ON_LINE_NOT_MESSAGE}\n      return;`,
    replace: "      throw new McpLayerError('protocol', 'the server wrote JSON on stdout that is not a JSON-RPC message');",
    breaks: 'STDIO-6: a JSON line that is not a JSON-RPC message (e.g. a log object) takes the host down',
  },
  {
    id: 'stdio-stdin-error-unhandled',
    seam: 'StdioProcessTransport.start',
    find: "    child.stdin?.on('error', (error) => this.onerror?.(new McpLayerError('closed', `writing to the server failed: ${error.message}`)));",
    replace: '',
    breaks: 'STDIO-6: a write to a server that already exited raises an unhandled EPIPE that takes the host down',
  },
  {
    id: 'stdio-crash-rejects-unhandled',
    seam: 'StdioProcessTransport.start',
    find: EXIT_REASON,
    replace: `      if (code !== 0 && this.exitDescription === undefined) throw new McpLayerError('closed', \`server process exited (code \${String(code)})\`);
${EXIT_REASON}`,
    breaks: 'STDIO-6: a stdio server that exits with an error code rejects a promise nobody handles, which takes the host down',
  },
];

const DISCOVER: readonly Mutant[] = [
  {
    id: 'discover-tools-listed-twice',
    seam: 'connectServer',
    find: LIST_TOOLS,
    replace: `${LIST_TOOLS.replace('const discovery = ', '')}\n${LIST_TOOLS}`,
    breaks: 'DISCOVER-1: tools/list is sent twice per server at start-up (once to count, once to register)',
  },
  {
    id: 'discover-tools-relisted-per-call',
    seam: 'ServerSession.callTool',
    find: "    const sent = await this.send('tools/call', { name, arguments: args }, CallResultSchema, timeoutMs, userSignal);",
    replace:
      "    await this.client.request({ method: 'tools/list', params: {} }, AnyResultSchema, { timeout: timeoutMs }).catch(() => undefined);\n    const sent = await this.send('tools/call', { name, arguments: args }, CallResultSchema, timeoutMs, userSignal);",
    breaks: 'DISCOVER-1: tools are listed again before every call, not once per process',
  },
  {
    id: 'discover-status-healthy-lines-missing',
    seam: 'runChat',
    find: '    for (const status of connections.statuses) screen.write(dialect.screen.statusLine(status));',
    replace: '    for (const status of connections.statuses) if (!status.ok) screen.write(dialect.screen.statusLine(status));',
    breaks: 'DISCOVER-3: only unavailable servers get a status line',
  },
  {
    id: 'discover-status-stdio-command-only',
    seam: 'statusLine',
    find: '    ? `MCP server ${name}: ${status.toolCount} tools from ${neutralise(status.destination)}\\n`',
    replace: "    ? `MCP server ${name}: ${status.toolCount} tools from ${neutralise(status.destination.split(' ')[0] ?? '')}\\n`",
    breaks: 'DISCOVER-3: a stdio status line shows the command without its arguments',
  },
  {
    id: 'discover-status-counts-resources',
    seam: 'connectServer',
    find: '    const status: ServerStatus = { server: name, destination, ok: true, toolCount: discovery.tools.length };',
    replace:
      '    const status: ServerStatus = { server: name, destination, ok: true, toolCount: discovery.tools.length + extras.resources.length + extras.prompts.length };',
    breaks: 'DISCOVER-3: the status line counts resources and prompts as tools',
  },
  {
    id: 'discover-status-reason-dropped',
    seam: 'statusLine',
    find: '    : `MCP server ${name} unavailable: ${neutralise(status.reason)}\\n`;',
    replace: "    : `MCP server ${name} unavailable: ${status.reason.startsWith('the server answered') ? 'error' : neutralise(status.reason)}\\n`;",
    breaks: 'DISCOVER-3: a server that answered initialize with an error is shown unavailable with no real reason ("error")',
  },
  {
    id: 'discover-crash-reason-empty',
    seam: 'reasonFor',
    find: '  if (session.isClosed) return `${session.closedReason()} before discovery finished`;',
    replace: "  if (session.isClosed) return '';",
    breaks: 'DISCOVER-3: a server whose process ended during discovery is shown unavailable without a reason',
  },
  {
    id: 'discover-unavailable-status-dropped',
    seam: 'runChat',
    find: '    for (const status of connections.statuses) screen.write(dialect.screen.statusLine(status));',
    replace: '    for (const status of connections.statuses) if (status.ok || connections.tools.length === 0) screen.write(dialect.screen.statusLine(status));',
    breaks: 'DISCOVER-3: an unavailable server gets no status line as soon as another server offers tools',
  },
  {
    id: 'discover-refused-connection-fatal',
    seam: 'connectServer',
    find: '  } catch (error) {\n    const reason = describeConnectError(',
    // The 2.x client wraps the refused fetch's TypeError in its probe failure (cause): a bare
    // `instanceof TypeError` never matched, which left this mutant equivalent to refhost.
    replace:
      '  } catch (error) {\n    if (error instanceof TypeError || (error as { cause?: unknown }).cause instanceof TypeError) throw error;\n    const reason = describeConnectError(',
    breaks: 'DISCOVER-4: a server refusing the connection makes the whole start-up fail',
  },
  {
    id: 'discover-hung-server-listed-empty',
    seam: 'connectServer',
    find: '    const reason = describeConnectError(deadline.signal.aborted ? deadline.signal.reason : error, session);',
    replace:
      '    if (deadline.signal.aborted) return { status: { server: name, destination, ok: true, toolCount: 0 }, tools: [], extras: NO_EXTRAS };\n    const reason = describeConnectError(deadline.signal.aborted ? deadline.signal.reason : error, session);',
    breaks: 'DISCOVER-4: a server that hangs past the deadline is shown as available with 0 tools instead of unavailable',
  },
  {
    id: 'discover-list-error-available-empty',
    seam: 'connectServer',
    find: "    const discovery = await discoverTools((cursor) => session.listPage('tools/list', cursor, deadline.signal));",
    replace:
      "    const discovery = await discoverTools((cursor) => session.listPage('tools/list', cursor, deadline.signal)).catch((e: unknown) => { if (e instanceof Error && e.name === 'ProtocolError') return { ok: true as const, tools: [] }; throw e; });",
    breaks: 'DISCOVER-4: a server that fails tools/list with an error is shown available with 0 tools',
  },
  {
    id: 'discover-crash-reason-throws',
    seam: 'reasonFor',
    find: "  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;\n  if (error instanceof TypeError && typeof cause?.code === 'string')",
    replace: "  const cause = (error as { cause: { code?: unknown } }).cause;\n  if (typeof cause.code === 'string' && error instanceof TypeError)",
    breaks: 'DISCOVER-4: describing a failure without a cause (a server that crashed during its opening) throws, and start-up fails',
  },
];

export const STDIO_DISCOVERY_MUTANTS: readonly Mutant[] = [...STDIO, ...DISCOVER];
