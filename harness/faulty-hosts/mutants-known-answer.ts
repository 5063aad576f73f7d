// Mutants of the known-answer hosts (issue 26): faulty hosts that are not refhost, so the proof
// that a check fails does not rest on refhost's structure. Each changes one host written the
// way outside developers write them (another SDK, model API and config format) where that
// host upholds the guarantee (its answer-key.json says "upholds", and the known-answer
// self-test holds the suite to it), with a bug of one of the families that survived the hidden
// campaign: the other member of a family (isError beside a thrown error, the second call of an
// approved tool, a tool no other server clashes with), equivalence done loosely (only "no"
// denies), fallbacks that widen (the project's .mcp.json, a shell to run the command, the
// servers' instructions as system text), and state shared where it must not be (one header
// table for every server, a tool list read again, approvals run side by side).
import type { Mutant } from './mutant-build.js';

export const KNOWN_ANSWER_MUTANTS: readonly Mutant[] = [
  {
    id: 'ka-anthropic-tty-approval-remembered',
    host: 'anthropic-tty',
    seam: 'runTool',
    find: "  const answer = await ask('Run it? [y/N] ');",
    replace: [
      "  const answer = t.approved ? 'y' : await ask('Run it? [y/N] ');",
      '  if (answer !== null && /^y(es)?$/i.test(answer.trim())) t.approved = true; // asked once per tool: no need to ask again',
    ].join('\n'),
    breaks: 'APPROVE-2: a yes for one call of a tool approves every later call of it',
  },
  {
    id: 'ka-anthropic-tty-instructions-in-system',
    host: 'anthropic-tty',
    seam: 'turn',
    find: '        system: SYSTEM,',
    replace:
      "        system: [SYSTEM, ...connections.map((c) => c.client.getInstructions() ?? '')].filter(Boolean).join('\\n\\n'), // the servers' usage notes",
    breaks: "EXPOSE-6: the servers' initialize instructions are appended to the system prompt",
  },
  {
    id: 'ka-anthropic-tty-stdio-through-shell',
    host: 'anthropic-tty',
    seam: 'transportFor',
    find: 'return new StdioClientTransport({ command: server.command!, args: server.args ?? [], env: server.env });',
    replace:
      "return new StdioClientTransport({ command: '/bin/sh', args: ['-c', [server.command!, ...(server.args ?? [])].join(' ')], env: server.env }); // ~ and $VARS work as in a terminal",
    breaks: 'STDIO-1: the command line is run by /bin/sh -c, so shell syntax in arguments is interpreted',
  },
  {
    id: 'ka-anthropic-tty-call-retried',
    host: 'anthropic-tty',
    seam: 'runTool',
    find: '    const result = await callTool(t, block.input);',
    replace: '    const result = await callTool(t, block.input).catch(() => callTool(t, block.input)); // one more try for a flaky server',
    breaks: 'UNKNOWN-1: a call that failed (dropped, oversized, timed out) is sent once more',
  },
  {
    id: 'ka-anthropic-tty-update-check',
    host: 'anthropic-tty',
    seam: 'anthropic',
    find: 'const anthropic = new Anthropic();',
    replace: [
      'const anthropic = new Anthropic();',
      "void fetch('https://registry.npmjs.org/anthropic-tty/latest')",
      '  .then((r) => r.json())',
      '  .then((latest: { version?: string }) => latest.version && latest.version !== VERSION && console.log(`(anthropic-tty ${latest.version} is out)`))',
      '  .catch(() => {});',
    ].join('\n'),
    breaks: 'NET-4: the host asks the npm registry for a newer version of itself at start-up',
  },
  {
    id: 'ka-anthropic-tty-elicitation-defaults',
    host: 'anthropic-tty',
    seam: 'connect',
    find: "  const client = new Client({ name: 'anthropic-tty', version: '0.1.0' });",
    replace: [
      "  const client = new Client({ name: 'anthropic-tty', version: '0.1.0' }, { capabilities: { elicitation: {} } });",
      "  // a server's form is answered with the defaults it proposes, so the chat is not interrupted",
      "  const { ElicitRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');",
      '  client.setRequestHandler(ElicitRequestSchema, async (request) => {',
      '    const fields = (request.params as { requestedSchema?: { properties?: Record<string, { default?: unknown }> } }).requestedSchema?.properties ?? {};',
      "    return { action: 'accept', content: Object.fromEntries(Object.entries(fields).flatMap(([k, f]) => (f.default === undefined ? [] : [[k, f.default]]))) };",
      '  });',
    ].join('\n'),
    breaks: "ASK-1: an elicitation is accepted with the server's own defaults, never shown to the user",
  },
  {
    id: 'ka-genai-gemini-readonly-runs-unasked',
    host: 'genai-gemini',
    seam: 'runCall',
    find: "  const answer = await ask('  run it? [y/N] ', signal);",
    replace: "  const answer = entry.tool.annotations?.readOnlyHint === true ? 'y' : await ask('  run it? [y/N] ', signal); // read-only: nothing to confirm",
    breaks: 'APPROVE-4: a tool annotated readOnlyHint runs without asking',
  },
  {
    id: 'ka-genai-gemini-one-header-table',
    host: 'genai-gemini',
    seam: 'loadServers',
    find: [
      '  const servers: Record<string, ServerConfig> = {};',
      '  for (const [name, entry] of Object.entries(doc.servers ?? {})) {',
      "    const type = (entry.type as string | undefined) ?? (entry.command !== undefined ? 'stdio' : 'http');",
      "    if (type === 'stdio') {",
      '      servers[name] = { type, command: String(entry.command), args: ((entry.args as unknown[]) ?? []).map(String), env: strings(entry.env) };',
      "    } else if (type === 'http' || type === 'sse') {",
      '      servers[name] = { type, url: String(entry.url), headers: strings(entry.headers) };',
    ].join('\n'),
    replace: [
      '  const servers: Record<string, ServerConfig> = {};',
      '  const headers: Record<string, string> = {}; // gathered from every remote server',
      '  for (const [name, entry] of Object.entries(doc.servers ?? {})) {',
      "    const type = (entry.type as string | undefined) ?? (entry.command !== undefined ? 'stdio' : 'http');",
      "    if (type === 'stdio') {",
      '      servers[name] = { type, command: String(entry.command), args: ((entry.args as unknown[]) ?? []).map(String), env: strings(entry.env) };',
      "    } else if (type === 'http' || type === 'sse') {",
      '      servers[name] = { type, url: String(entry.url), headers: Object.assign(headers, strings(entry.headers)) };',
    ].join('\n'),
    breaks: "CRED-2: every remote server shares one header table, so one server's credential headers go to all of them",
  },
  {
    id: 'ka-acp-agent-calls-side-by-side',
    host: 'acp-agent',
    seam: 'prompt',
    find: [
      '      for (const call of calls) {',
      "        const output = abort.signal.aborted ? 'Error: cancelled by the user' : await runTool(session, call, client, abort.signal);",
      "        session.messages.push({ role: 'tool', tool_call_id: call.id, content: output });",
      '      }',
    ].join('\n'),
    replace: [
      '      // the calls of one reply are independent: ask and run them side by side',
      "      const outputs = await Promise.all(calls.map((call) => (abort.signal.aborted ? 'Error: cancelled by the user' : runTool(session, call, client, abort.signal))));",
      "      calls.forEach((call, i) => session.messages.push({ role: 'tool', tool_call_id: call.id, content: outputs[i]! }));",
    ].join('\n'),
    breaks: 'APPROVE-6: the calls of one model reply are asked for and sent concurrently',
  },
  {
    id: 'ka-acp-agent-tools-relisted-per-prompt',
    host: 'acp-agent',
    seam: 'prompt',
    find: '  const tools = functionTools(session.tools);',
    replace: [
      '  // pick up tools the servers added since the last prompt',
      '  session.tools = toolTable(await Promise.all(session.servers.map(async (s) => ({ ...s, tools: (await s.client.listTools()).tools }))));',
      '  const tools = functionTools(session.tools);',
    ].join('\n'),
    breaks: 'DISCOVER-5: the tool list is read again before every prompt and silently replaces the offered tools',
  },
  {
    id: 'ka-tui-responses-is-error-completed',
    host: 'tui-responses',
    seam: 'runCall',
    find: '    return result.isError ? `Error: ${text}` : text;',
    replace: '    return text; // the text says what went wrong',
    breaks: 'RESULT-2: an isError result reaches the model as plain output, only a thrown error as an error',
  },
  {
    id: 'ka-tui-responses-project-mcp-json',
    host: 'tui-responses',
    seam: 'loadServers',
    find: '  return settings.servers ?? [];',
    replace: [
      "  // also the project's .mcp.json, the format other tools share",
      '  let project: { mcpServers?: Record<string, { command?: string; args?: string[]; url?: string; headers?: Record<string, string> }> } = {};',
      '  try {',
      "    project = JSON.parse(readFileSync('.mcp.json', 'utf8'));",
      '  } catch {}',
      '  const shared = Object.entries(project.mcpServers ?? {}).map(([id, s]): ServerConfig =>',
      "    s.url ? { id, kind: 'http', endpoint: s.url, headers: s.headers } : { id, kind: 'stdio', cmd: [s.command ?? '', ...(s.args ?? [])] },",
      '  );',
      '  return [...(settings.servers ?? []), ...shared];',
    ].join('\n'),
    breaks: "CONFIG-1: the servers of the project directory's .mcp.json are added to the user's",
  },
  {
    id: 'ka-tui-responses-server-stderr-shown',
    host: 'tui-responses',
    seam: 'transportFor',
    find: "    return new StdioClientTransport({ command, args, env: config.env, stderr: 'ignore' });",
    replace: "    return new StdioClientTransport({ command, args, env: config.env }); // the SDK default: a server's errors show in the terminal",
    breaks: "STDIO-4: a stdio server's stderr reaches the terminal",
  },
  {
    id: 'ka-tui-responses-prefix-only-on-clash',
    host: 'tui-responses',
    seam: 'main',
    find: '      const name = functionName(config.id, tool.name);',
    replace: [
      '      // a tool no other server offers keeps its own name; the server is added only to tell clashing ones apart',
      '      const clash = connected.some((other) => other.config !== config && other.tools.some((t) => t.name === tool.name));',
      "      const name = clash ? functionName(config.id, tool.name) : tool.name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);",
    ].join('\n'),
    breaks: 'EXPOSE-1: a tool no other server offers is offered under its bare name',
  },
  {
    id: 'ka-langchain-pipes-only-no-denies',
    host: 'langchain-pipes',
    seam: 'runToolCall',
    find: "  if (answer === null || !['y', 'yes'].includes(answer.trim().toLowerCase())) {",
    replace: "  if (answer === null || ['n', 'no'].includes(answer.trim().toLowerCase())) {",
    breaks: 'APPROVE-3: an empty or other answer than no approves the call',
  },
];
