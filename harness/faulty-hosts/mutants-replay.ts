// Source mutants of refhost for REPLAY-1..3: what a resumed session re-sends, re-checks or
// rewrites, and which saved sessions still load. Their checks are in checks-replay.ts.
import type { Mutant } from './mutant-build.js';

/** Where a saved session's items are read back and checked (loadSession). */
const LOAD_ITEM = "    return check(where(i + 1), 'not a session item', SessionItemSchema, header.version === 1 ? upgradeV1Line(value) : value);";

const RESUMED_LINE = '    if (session.resumedId !== null) screen.write(`Resumed session ${session.resumedId} (${session.history.length} items).\\n`);';

/** A mutant that runs `body` right after the resumed-session line, before the chat loop. */
function atResume(id: string, body: string, breaks: string): Mutant {
  return { id, seam: 'runChat', find: RESUMED_LINE, replace: `${RESUMED_LINE}\n${body}`, breaks };
}

export const REPLAY_MUTANTS: readonly Mutant[] = [
  {
    id: 'replay-removed-server-refused',
    seam: 'runChat',
    find: '    session = openSession(options, sessionsDir(env), dialect);',
    replace:
      "    session = openSession(options, sessionsDir(env), dialect);\n    for (const item of session.history) if (item.type === 'function_call' && item.name.startsWith('mcp_') && !Object.keys(config.mcpServers).some((s) => item.name.startsWith(`mcp_${s}_`))) throw new Error(`the session uses ${item.name}, whose server is no longer configured`);",
    breaks: 'REPLAY-1: a session that used a server no longer configured does not open',
  },
  {
    id: 'replay-offline-server-refused',
    seam: 'runChat',
    find: '    if (session.resumedId !== null) screen.write(',
    replace:
      "    if (session.resumedId !== null && connections.statuses.some((s) => !s.ok)) throw new Error('cannot resume: a server of this session is unavailable');\n    if (session.resumedId !== null) screen.write(",
    breaks: 'REPLAY-1: a session does not open while one of its servers is offline',
  },
  atResume(
    'replay-recorded-reads-refreshed',
    `    // Resources may have changed since the session was saved: read them again.
    for (const item of session.history) {
      if (item.type !== 'function_call' || item.name !== 'read_mcp_resource') continue;
      try {
        const { server, uri } = JSON.parse(item.arguments) as { server: string; uri: string };
        if (connections.isOfferedResource(server, uri)) await connections.readResource(server, uri);
      } catch {
        // a read that cannot be repeated stays as recorded
      }
    }`,
    'REPLAY-1: resources read in the saved session are read again when it is resumed',
  ),
  atResume(
    'replay-pending-call-resent',
    `    // The host stopped before these calls finished: finish them now.
    for (const [i, item] of session.history.entries()) {
      const call = session.history[i - 1];
      if (item.type !== 'function_call_output' || !item.output.includes('No result was recorded for this call') || call?.type !== 'function_call') continue;
      const tool = connections.tools.find((t) => t.exposedName === call.name);
      if (tool === undefined) continue;
      const outcome = await connections.call(tool, JSON.parse(call.arguments) as Record<string, unknown>);
      session.history[i] = { ...item, output: dialect.results.write(outcome.status, outcome.output) };
    }`,
    'REPLAY-1: a call left pending when the host stopped is sent again when the session is resumed',
  ),
  {
    id: 'replay-only-trailing-pending-answered',
    seam: 'historyFromSession',
    find: `  for (const item of items.map(fromSessionItem)) {
    out.push(item);
    if (item.type === 'function_call' && !answered.has(item.call_id)) {`,
    replace: `  // The host can only have stopped during the very last item.
  for (const [i, item] of items.map(fromSessionItem).entries()) {
    out.push(item);
    if (item.type === 'function_call' && !answered.has(item.call_id) && i === items.length - 1) {`,
    breaks: 'REPLAY-1: of several calls left pending, only the trailing one gets an output; the resumed history is refused by the model API',
  },
  // Checked when a session is loaded, not when its items are recorded: the calls run and are
  // saved as usual, and only resuming them fails (a check of the live call would stop the first
  // start, so the replay would never be reached).
  {
    id: 'replay-empty-arguments-rejected',
    seam: 'loadSession',
    find: LOAD_ITEM,
    replace: `    const item = check(where(i + 1), 'not a session item', SessionItemSchema, header.version === 1 ? upgradeV1Line(value) : value);
    if (item.type === 'function_call' && item.mcp !== undefined && Object.keys(JSON.parse(item.arguments) as object).length === 0) throw new SessionFileError(\`\${where(i + 1)}: a recorded MCP call has no arguments\`);
    return item;`,
    breaks: 'REPLAY-2: a recorded MCP call with empty arguments {} makes the session unloadable',
  },
  {
    id: 'replay-arguments-string-values-only',
    seam: 'loadSession',
    find: LOAD_ITEM,
    replace: `    const item = check(where(i + 1), 'not a session item', SessionItemSchema, header.version === 1 ? upgradeV1Line(value) : value);
    if (item.type === 'function_call' && item.mcp !== undefined && !Object.values(JSON.parse(item.arguments) as object).every((v) => typeof v === 'string' || typeof v === 'number')) throw new SessionFileError(\`\${where(i + 1)}: recorded arguments must be strings or numbers\`);
    return item;`,
    breaks: 'REPLAY-2: recorded arguments holding booleans, objects or arrays make the session unloadable',
  },
  atResume(
    'replay-tool-gone-refused',
    `    for (const item of session.history) {
      const owner = item.type === 'function_call' ? connections.statuses.find((s) => s.ok && item.name.startsWith(\`mcp_\${s.server}_\`)) : undefined;
      if (owner !== undefined && item.type === 'function_call' && !connections.tools.some((t) => t.exposedName === item.name)) {
        throw new Error(\`the session calls \${item.name}, which MCP server \${owner.server} no longer offers\`);
      }
    }`,
    // A check against the live tool list: the extreme of a live schema (REPLAY-2), not an offline or removed server (REPLAY-1).
    'REPLAY-2: a session does not open when a recorded tool is no longer offered by its (running) server',
  ),
  atResume(
    'replay-live-schema-required',
    `    for (const item of session.history) {
      if (item.type !== 'function_call') continue;
      const required = (connections.tools.find((t) => t.exposedName === item.name)?.parameters.required ?? []) as string[];
      const recorded = JSON.parse(item.arguments) as Record<string, unknown>;
      const missing = required.filter((key) => !(key in recorded));
      if (missing.length > 0) throw new Error(\`recorded call \${item.call_id} lacks \${missing.join(', ')}, required by \${item.name} now\`);
    }`,
    "REPLAY-2: a recorded call missing a property the tool's live schema now requires makes the session fail to open",
  ),
  atResume(
    'replay-live-schema-unknown-keys-dropped',
    `    // Calls the tool would no longer accept would only confuse the model: leave them out.
    const stale = (name: string, text: string): boolean => {
      const live = connections.tools.find((t) => t.exposedName === name)?.parameters.properties as Record<string, unknown> | undefined;
      if (live === undefined) return false;
      try {
        return Object.keys(JSON.parse(text) as object).some((key) => !(key in live));
      } catch {
        return false;
      }
    };
    const dropped = new Set(session.history.flatMap((item) => (item.type === 'function_call' && stale(item.name, item.arguments) ? [item.call_id] : [])));
    session.history = session.history.filter((item) => item.type === 'message' || !dropped.has(item.call_id));`,
    "REPLAY-2: recorded calls with a property the tool's live schema no longer has are dropped from the resumed history",
  ),
  atResume(
    'replay-live-schema-types-refused',
    `    for (const item of session.history) {
      if (item.type !== 'function_call') continue;
      const live = connections.tools.find((t) => t.exposedName === item.name)?.parameters.properties as Record<string, { type?: string }> | undefined;
      if (live === undefined) continue;
      for (const [key, value] of Object.entries(JSON.parse(item.arguments) as Record<string, unknown>)) {
        const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
        const want = live[key]?.type;
        if (want !== undefined && want !== kind && !(want === 'integer' && kind === 'number')) throw new Error(\`recorded call \${item.call_id}: \${key} is \${kind}, \${item.name} now takes \${want}\`);
      }
    }`,
    "REPLAY-2: a recorded argument whose type differs from the tool's live schema makes the session fail to open",
  ),
  {
    // Checked when the session is loaded (as the first list's REPLAY-2 mutants): checked when an
    // item is recorded it stops the first start, and the replay is never reached.
    id: 'replay-arguments-compact-json-only',
    seam: 'loadSession',
    find: "    return check(where(i + 1), 'not a session item', SessionItemSchema, header.version === 1 ? upgradeV1Line(value) : value);",
    replace: `    const item = check(where(i + 1), 'not a session item', SessionItemSchema, header.version === 1 ? upgradeV1Line(value) : value);
    // Recorded arguments are compact JSON, as models send them.
    if (item.type === 'function_call' && item.mcp !== undefined && item.arguments !== JSON.stringify(JSON.parse(item.arguments))) throw new SessionFileError(\`\${where(i + 1)}: recorded arguments are not compact JSON\`);
    return item;`,
    breaks: 'REPLAY-2: recorded MCP arguments written with whitespace ({ "a": 1 }, formatted JSON) make the session unloadable',
  },
  {
    id: 'replay-v1-not-upgraded',
    seam: 'loadSession',
    find: LOAD_ITEM,
    replace: "    return check(where(i + 1), 'not a session item', SessionItemSchema, value);",
    breaks: 'REPLAY-3: version 1 sessions (bare {role, content} messages) no longer load',
  },
  {
    id: 'replay-v1-created-at-required',
    seam: 'SessionHeaderSchema',
    find: '  createdAt: z.string().min(1).optional(),',
    replace: '  createdAt: z.string().min(1),',
    breaks: 'REPLAY-3: version 1 sessions without createdAt no longer load',
  },
  {
    id: 'replay-v1-assistant-dropped',
    seam: 'upgradeV1Line',
    find: "  if (typeof value === 'object' && value !== null && !('type' in value) && 'role' in value) {",
    replace: "  if (typeof value === 'object' && value !== null && !('type' in value) && 'role' in value && (value as { role?: unknown }).role === 'user') {",
    breaks: 'REPLAY-3: version 1 assistant messages are not upgraded, so a v1 session with an answer fails to load',
  },
  {
    id: 'replay-v1-header-bumped-on-resume',
    seam: 'reopenSession',
    find: '  fs.chmodSync(file, 0o600); // older files may predate the private mode',
    replace: `  fs.chmodSync(file, 0o600); // older files may predate the private mode
  // Items appended from now on are current-format items: say so in the header.
  const [head = '', ...rest] = fs.readFileSync(file, 'utf8').split('\\n');
  fs.writeFileSync(file, [JSON.stringify({ ...(JSON.parse(head) as object), version: SESSION_FORMAT_VERSION }), ...rest].join('\\n'));`,
    breaks: 'REPLAY-3: resuming a version 1 session marks it version 2 without converting its lines, so it no longer loads the next time',
  },
  {
    id: 'replay-continue-skips-v1',
    seam: 'latestSessionId',
    find: '  return byRecency(dir)[0]?.id ?? null;',
    replace: `  // Continue the newest session in the current format.
  return byRecency(dir).find(({ id }) => { try { return loadSession(dir, id).header.version === SESSION_FORMAT_VERSION; } catch { return false; } })?.id ?? null;`,
    breaks: 'REPLAY-3: --continue passes over a version 1 session (it resumes an older one or none)',
  },
  {
    id: 'replay-id-pattern-new-format-only',
    seam: 'SESSION_ID_PATTERN',
    find: 'export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;',
    replace: 'export const SESSION_ID_PATTERN = /^\\d{8}T\\d{9}Z-[0-9a-f]{8}$/;',
    breaks: 'REPLAY-3: only ids of the current form are accepted, so sessions saved under older ids no longer load',
  },
];
