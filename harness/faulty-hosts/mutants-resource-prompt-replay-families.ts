// Source mutants of refhost for RESOURCE, PROMPT and REPLAY (issue 26): the other members of
// the families the first list (mutants-optional.ts, mutants-stdio-transport.ts) left out,
// written from the catalogue and refhost's code only. A read retried on another server, URIs
// compared loosely, contents mapped item by item; prompt markers and roles on one message but
// not the next; what a resume re-sends, re-checks or rewrites.
import type { Mutant } from './mutant-build.js';

const READ_SENT = `      const outcome = await session.readResource(uri, options.callTimeoutMs, signal);
      return { status: outcome.status, output: redact(outcome.output) };`;
const LISTED_URI = '    resources.some((r) => r.server === server && r.uri === uri) ||';
const MAP_CONTENTS = "  return mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource })) });";
const RUN_READ = `  return runMcpAction(ctx, action);
}`;

const RESOURCE: readonly Mutant[] = [
  {
    id: 'resource-failed-read-retried-elsewhere',
    file: 'mcp/connect-all.ts',
    find: READ_SENT,
    replace: `      let outcome = await session.readResource(uri, options.callTimeoutMs, signal);
      // Another server listing the same URI may still have it.
      const mirror = outcome.status === 'failed' ? resources.find((r) => r.server !== server && r.uri === uri) : undefined;
      const other = mirror && sessions.get(mirror.server);
      if (other) outcome = await other.readResource(uri, options.callTimeoutMs, signal);
      return { status: outcome.status, output: redact(outcome.output) };`,
    breaks: 'RESOURCE-1: a read the named server answers with an error is sent again to another server listing the same URI',
  },
  {
    id: 'resource-unknown-read-retried-elsewhere',
    file: 'mcp/connect-all.ts',
    find: READ_SENT,
    replace: `      let outcome = await session.readResource(uri, options.callTimeoutMs, signal);
      // Reads are side-effect free: a timed-out one can be served by another server offering the URI.
      const spare = outcome.status === 'unknown' ? [...sessions.keys()].find((s) => s !== server && isOfferedUri(resources, resourceTemplates, s, uri)) : undefined;
      if (spare !== undefined) outcome = await (sessions.get(spare) as typeof session).readResource(uri, options.callTimeoutMs, signal);
      return { status: outcome.status, output: redact(outcome.output) };`,
    breaks: 'RESOURCE-1: a read that timed out on the named server is sent again to another server offering the URI (listed or by template)',
  },
  {
    id: 'resource-unavailable-server-rerouted',
    file: 'chat/resource-read.ts',
    find: '  const { server, uri } = args;',
    replace: `  const { uri } = args;
  // The model sometimes names a server that is down or misspelt: one that listed the URI can serve it.
  const server = connections.statuses.some((s) => s.server === args.server && s.ok) ? args.server : (connections.resources.find((r) => r.uri === uri)?.server ?? args.server);`,
    breaks: 'RESOURCE-1: a read naming an unavailable or unknown server goes to another server that listed the URI',
  },
  {
    id: 'resource-unlisted-rerouted-to-lister',
    file: 'chat/resource-read.ts',
    find: '  if (!connections.isOfferedResource(server, uri)) {',
    replace: `  const lister = connections.isOfferedResource(server, uri) ? server : connections.statuses.find((s) => s.ok && connections.isOfferedResource(s.server, uri))?.server;
  if (lister !== undefined && lister !== server) return resourceReadAction(connections, { server: lister, uri });
  if (!connections.isOfferedResource(server, uri)) {`,
    breaks: 'RESOURCE-1: a read of a URI the named server did not list goes to the server that did',
  },
  {
    id: 'resource-deny-ignored-for-reads',
    file: 'chat/mcp-action.ts',
    find: '  if (!approved) return {',
    replace: "  if (!approved && action.kind === 'tool') return {",
    breaks: 'RESOURCE-1: a read the user denies is sent anyway (the deny stops tool calls only)',
  },
  {
    id: 'resource-same-uri-approved-once',
    file: 'chat/resource-read.ts',
    find: RUN_READ,
    replace: `  // Reading the same URI again is harmless once the user has allowed it.
  const key = \`\${action.tool.server}\\u0000\${String(action.args.uri)}\`;
  const approve: TurnContext['approve'] = APPROVED_READS.has(key)
    ? async () => true
    : async (request) => {
        const yes = await ctx.approve(request);
        if (yes) APPROVED_READS.add(key);
        return yes;
      };
  return runMcpAction({ ...ctx, approve }, action);
}

const APPROVED_READS = new Set<string>();`,
    breaks: 'RESOURCE-1: a second read of a URI already approved once is sent without asking',
  },
  {
    id: 'resource-read-at-discovery',
    file: 'mcp/discover-extras.ts',
    find: '    resources: await list(capabilities.resources, RESOURCE_LIST),',
    replace: `    // Small previews of the first resources make the listing more useful to the model.
    resources: await list(capabilities.resources, RESOURCE_LIST).then(async (rs) => {
      for (const r of rs.slice(0, 3)) await session.readResource(r.uri, 2000, signal).catch(() => undefined);
      return rs;
    }),`,
    breaks: 'RESOURCE-1: listed resources are read (resources/read) at start-up, outside the read tool and without approval',
  },
  {
    id: 'resource-uri-case-insensitive',
    file: 'mcp/resources.ts',
    find: LISTED_URI,
    replace: '    resources.some((r) => r.server === server && r.uri.toLowerCase() === uri.toLowerCase()) ||',
    breaks: 'RESOURCE-2: a URI differing from a listed one only in letter case counts as listed and is sent',
  },
  {
    id: 'resource-uri-trailing-slash-ignored',
    file: 'mcp/resources.ts',
    find: LISTED_URI,
    replace: "    resources.some((r) => r.server === server && r.uri.replace(/\\/+$/, '') === uri.replace(/\\/+$/, '')) ||",
    breaks: 'RESOURCE-2: a URI differing from a listed one by trailing slashes counts as listed and is sent',
  },
  {
    id: 'resource-uri-percent-decoded',
    file: 'mcp/resources.ts',
    find: LISTED_URI,
    replace: '    resources.some((r) => r.server === server && decodeURIComponent(r.uri) === decodeURIComponent(uri)) ||',
    breaks: 'RESOURCE-2: a percent-encoded form of a listed URI counts as listed and is sent as written',
  },
  {
    id: 'resource-uri-below-listed',
    file: 'mcp/resources.ts',
    find: LISTED_URI,
    replace: '    resources.some((r) => r.server === server && uri.startsWith(r.uri)) ||',
    breaks: 'RESOURCE-2: any URI that starts with a listed one (a longer path, ../, a query) counts as listed',
  },
  {
    id: 'resource-template-case-insensitive',
    file: 'mcp/resources.ts',
    find: '    return new UriTemplate(uriTemplate).match(uri) !== null;',
    replace: '    return new UriTemplate(uriTemplate.toLowerCase()).match(uri.toLowerCase()) !== null;',
    breaks: "RESOURCE-2: a template's literal part is matched ignoring letter case",
  },
  {
    id: 'resource-unlisting-server-open',
    file: 'mcp/resources.ts',
    find: '    templates.some((t) => t.server === server && templateMatches(t.uriTemplate, uri))',
    replace: `    templates.some((t) => t.server === server && templateMatches(t.uriTemplate, uri)) ||
    // A server that lists nothing cannot be checked: let the server decide.
    (!resources.some((r) => r.server === server) && !templates.some((t) => t.server === server))`,
    breaks: 'RESOURCE-2: any URI is sent to a server that listed no resources and no templates',
  },
  {
    id: 'resource-allowlist-case-insensitive',
    file: 'policy/policy-gate.ts',
    find: '        if (firstMatch(rules.allowResources, uri) === undefined) {',
    replace: '        if (firstMatch(rules.allowResources.map((p) => p.toLowerCase()), uri.toLowerCase()) === undefined) {',
    breaks: 'RESOURCE-2: the policy allowlist matches URIs ignoring letter case, so a URI it excludes is read',
  },
  {
    id: 'resource-contents-deduped-by-uri',
    file: 'mcp/resources.ts',
    find: MAP_CONTENTS,
    replace: `  // A server may repeat a URI: keep one content per URI.
  const unique = [...new Map(parsed.data.contents.map((c) => [(c as { uri?: string }).uri, c])).values()];
  return mapCallResult({ content: unique.map((resource) => ({ type: 'resource', resource })) });`,
    breaks: 'RESOURCE-3: several contents with the same URI keep only one text (the others are dropped)',
  },
  {
    id: 'resource-non-text-mime-dropped',
    file: 'mcp/resources.ts',
    find: MAP_CONTENTS,
    replace: `  const texty = parsed.data.contents.filter((c) => { const m = (c as { mimeType?: string }).mimeType; return m === undefined || m.startsWith('text/'); });
  return mapCallResult({ content: texty.map((resource) => ({ type: 'resource', resource })) });`,
    breaks: 'RESOURCE-3: text contents whose mimeType is not text/* (application/json, ...) are dropped',
  },
  {
    id: 'resource-text-after-blob-dropped',
    file: 'mcp/resources.ts',
    find: MAP_CONTENTS,
    replace: `  // What follows a binary part is its metadata.
  const firstBlob = parsed.data.contents.findIndex((c) => (c as { blob?: unknown }).blob !== undefined);
  const kept = firstBlob === -1 ? parsed.data.contents : parsed.data.contents.slice(0, firstBlob + 1);
  return mapCallResult({ content: kept.map((resource) => ({ type: 'resource', resource })) });`,
    breaks: 'RESOURCE-3: text contents after a blob content are dropped',
  },
  {
    id: 'resource-text-blob-decoded',
    file: 'mcp/resources.ts',
    find: MAP_CONTENTS,
    replace: `  return mapCallResult({
    content: parsed.data.contents.map((resource) => {
      const r = resource as { blob?: string; mimeType?: string };
      // A text/* blob is text that happened to be base64-encoded.
      const decoded = r.blob !== undefined && r.mimeType?.startsWith('text/') === true ? { ...r, text: Buffer.from(r.blob, 'base64').toString('utf8') } : resource;
      return { type: 'resource', resource: decoded };
    }),
  });`,
    breaks: 'RESOURCE-3: a blob with a text/* mimeType is decoded and given to the model instead of omitted',
  },
  {
    id: 'resource-cap-per-content',
    file: 'mcp/resources.ts',
    find: MAP_CONTENTS,
    replace: `  // Each content on its own, so one large content does not hide the others.
  const parts = parsed.data.contents.map((resource) => mapCallResult({ content: [{ type: 'resource', resource }] }));
  return { status: parts.some((p) => p.status === 'output_limit') ? 'output_limit' : 'completed', output: parts.map((p) => p.output).join('\\n') };`,
    breaks: 'RESOURCE-3: the 64 KiB cap applies to each content, so several contents together exceed it',
  },
  {
    id: 'resource-cap-in-characters',
    file: 'mcp/resources.ts',
    find: MAP_CONTENTS,
    replace: `  const content = parsed.data.contents.map((resource) => ({ type: 'resource', resource }));
  const text = parsed.data.contents
    .map((c) => { const r = c as { uri?: string; text?: string }; return r.text !== undefined ? \`[resource \${r.uri ?? '(no uri)'}]\\n\${r.text}\` : \`[binary resource omitted: \${r.uri ?? '(no uri)'}]\`; })
    .join('\\n');
  // 64 KiB of text.
  return text.length <= 64 * 1024 ? { status: 'completed', output: text } : mapCallResult({ content });`,
    breaks: 'RESOURCE-3: the 64 KiB cap counts characters, so multi-byte text up to 4 times larger passes uncut',
  },
  {
    id: 'resource-cap-status-completed',
    file: 'mcp/resources.ts',
    find: MAP_CONTENTS,
    replace: `  const mapped = mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource })) });
  // A resource is not a tool: its text was read, just cut.
  return mapped.status === 'output_limit' ? { ...mapped, status: 'completed' } : mapped;`,
    breaks: 'RESOURCE-3: resource contents over 64 KiB are cut but reported completed, not output_limit as a tool result is',
  },
];

const PROMPT_ITEM = '  return `[MCP prompt from server ${JSON.stringify(server)}] ${message.role}: ${message.text}`;';
const PROMPT_ITEMS = '  return outcome.messages.map((message) => promptItemText(server, message));';
const PROMPT_SHOWN = '  for (const message of outcome.messages) ctx.screen.write(promptMessageText(server, message.role, message.text));';
const EARLIER_ITEMS = "    for (const item of items.slice(0, -1)) ctx.conversation.add({ type: 'message', role: 'user', content: item });";

const PROMPT: readonly Mutant[] = [
  {
    id: 'prompt-marker-user-role-only',
    file: 'chat/prompt-command.ts',
    find: PROMPT_ITEM,
    replace: `  // An assistant message is the server's example answer, not something the user says: no marker needed.
  return message.role === 'user' ? \`[MCP prompt from server \${JSON.stringify(server)}] \${message.role}: \${message.text}\` : \`\${message.role}: \${message.text}\`;`,
    breaks: "PROMPT-1: a prompt's assistant-role messages reach the model without naming their server",
  },
  {
    id: 'prompt-marker-first-message-only',
    file: 'chat/prompt-command.ts',
    find: PROMPT_ITEMS,
    replace: '  return outcome.messages.map((message, i) => (i === 0 ? promptItemText(server, message) : `${message.role}: ${message.text}`));',
    breaks: "PROMPT-1: only a prompt's first message names its server; the later ones reach the model unmarked",
  },
  {
    id: 'prompt-last-message-unmarked',
    file: 'chat/prompt-command.ts',
    find: PROMPT_ITEMS,
    replace: `  // The last message is what the user would have typed: it goes in as it is.
  return outcome.messages.map((message, i) => (i === outcome.messages.length - 1 ? message.text : promptItemText(server, message)));`,
    breaks: "PROMPT-1: a prompt's last message reaches the model as plain user text, not marked with its server",
  },
  {
    id: 'prompt-assistant-role-kept',
    file: 'chat/chat-loop.ts',
    find: EARLIER_ITEMS,
    replace: `    // Keep the prompt's own roles for its earlier messages.
    for (const item of items.slice(0, -1)) ctx.conversation.add({ type: 'message', role: / assistant: /.test(item.split('\\n')[0] ?? '') ? 'assistant' : 'user', content: item });`,
    breaks: "PROMPT-1: a prompt's assistant-role messages are inserted as assistant turns, not user content",
  },
  {
    // Written first as a 'system' role in the conversation, which refhost's session recorder
    // refuses (the host stops: nothing reaches the model, no breach); the bug a developer can
    // really ship is in the model client, past the recorder.
    id: 'prompt-sent-as-developer',
    file: 'chat/model-client.ts',
    find: '          input: input.map((item) => ({ ...item })),',
    replace:
      "          // A server prompt is guidance for the model: send it with the developer role.\n          input: input.map((item) => (item.type === 'message' && item.content.startsWith('[MCP prompt from server') ? { ...item, role: 'developer' as 'user' } : { ...item })),",
    breaks: "PROMPT-1: a prompt's messages reach the model as developer (system) messages, not user content",
  },
  {
    id: 'prompt-shown-user-role-only',
    file: 'chat/prompt-command.ts',
    find: PROMPT_SHOWN,
    replace: "  for (const message of outcome.messages) if (message.role === 'user') ctx.screen.write(promptMessageText(server, message.role, message.text));",
    breaks: "PROMPT-1: a prompt's assistant-role messages are used without being shown",
  },
  {
    id: 'prompt-shown-without-last',
    file: 'chat/prompt-command.ts',
    find: PROMPT_SHOWN,
    replace: `  // The last message is sent as the user's turn right away; show the context before it.
  for (const message of outcome.messages.slice(0, -1)) ctx.screen.write(promptMessageText(server, message.role, message.text));`,
    breaks: "PROMPT-1: a prompt's last message is used without being shown",
  },
  {
    id: 'prompt-argless-prefetched',
    file: 'mcp/discover-extras.ts',
    find: '    prompts: await list(capabilities.prompts, PROMPT_LIST),',
    replace: `    // A prompt without arguments can be checked now, so a broken one is not offered.
    prompts: await list(capabilities.prompts, PROMPT_LIST).then(async (ps) => {
      for (const p of ps) if (p.arguments.length === 0) await session.getPrompt(p.name, {}, 2000, signal).catch(() => undefined);
      return ps;
    }),`,
    breaks: 'PROMPT-1: prompts without arguments are fetched (prompts/get) at start-up, before the user asks',
  },
  {
    id: 'prompt-other-server-fallback',
    file: 'chat/prompt-command.ts',
    find: `  const { server, name, args } = request;
  const listed = ctx.connections.prompts.find((p) => p.server === server && p.name === name);`,
    replace: `  const { name, args } = request;
  // Prompt names are usually unique: use it from whichever server offers it.
  const listed = ctx.connections.prompts.find((p) => p.server === request.server && p.name === name) ?? ctx.connections.prompts.find((p) => p.name === name);
  const server = listed?.server ?? request.server;`,
    breaks: 'PROMPT-1: a prompt the user asked for on one server is fetched and used from another server offering the same name',
  },
];

const RESUMED_LINE = '    if (session.resumedId !== null) screen.write(`Resumed session ${session.resumedId} (${session.history.length} items).\\n`);';

/** A mutant that runs `body` right after the resumed-session line, before the chat loop. */
function atResume(id: string, body: string, breaks: string): Mutant {
  return { id, file: 'chat/run-chat.ts', find: RESUMED_LINE, replace: `${RESUMED_LINE}\n${body}`, breaks };
}

const REPLAY: readonly Mutant[] = [
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
    file: 'sessions/session-store.ts',
    find: "    return check(where(i + 1), 'not a session item', SessionItemSchema, header.version === 1 ? upgradeV1Line(value) : value);",
    replace: `    const item = check(where(i + 1), 'not a session item', SessionItemSchema, header.version === 1 ? upgradeV1Line(value) : value);
    // Recorded arguments are compact JSON, as models send them.
    if (item.type === 'function_call' && item.mcp !== undefined && item.arguments !== JSON.stringify(JSON.parse(item.arguments))) throw new SessionFileError(\`\${where(i + 1)}: recorded arguments are not compact JSON\`);
    return item;`,
    breaks: 'REPLAY-2: recorded MCP arguments written with whitespace ({ "a": 1 }, formatted JSON) make the session unloadable',
  },
  {
    id: 'replay-only-trailing-pending-answered',
    file: 'chat/conversation.ts',
    find: `  for (const item of items.map(fromSessionItem)) {
    out.push(item);
    if (item.type === 'function_call' && !answered.has(item.call_id)) {`,
    replace: `  // The host can only have stopped during the very last item.
  for (const [i, item] of items.map(fromSessionItem).entries()) {
    out.push(item);
    if (item.type === 'function_call' && !answered.has(item.call_id) && i === items.length - 1) {`,
    breaks: 'REPLAY-1: of several calls left pending, only the trailing one gets an output; the resumed history is refused by the model API',
  },
  {
    id: 'replay-v1-header-bumped-on-resume',
    file: 'sessions/session-store.ts',
    find: '  fs.chmodSync(file, 0o600); // older files may predate the private mode',
    replace: `  fs.chmodSync(file, 0o600); // older files may predate the private mode
  // Items appended from now on are current-format items: say so in the header.
  const [head = '', ...rest] = fs.readFileSync(file, 'utf8').split('\\n');
  fs.writeFileSync(file, [JSON.stringify({ ...(JSON.parse(head) as object), version: SESSION_FORMAT_VERSION }), ...rest].join('\\n'));`,
    breaks: 'REPLAY-3: resuming a version 1 session marks it version 2 without converting its lines, so it no longer loads the next time',
  },
  {
    id: 'replay-continue-skips-v1',
    file: 'sessions/session-store.ts',
    find: '  return byRecency(dir)[0]?.id ?? null;',
    replace: `  // Continue the newest session in the current format.
  return byRecency(dir).find(({ id }) => { try { return loadSession(dir, id).header.version === SESSION_FORMAT_VERSION; } catch { return false; } })?.id ?? null;`,
    breaks: 'REPLAY-3: --continue passes over a version 1 session (it resumes an older one or none)',
  },
  {
    id: 'replay-id-pattern-new-format-only',
    file: 'sessions/session-store.ts',
    find: 'export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;',
    replace: 'export const SESSION_ID_PATTERN = /^\\d{8}T\\d{9}Z-[0-9a-f]{8}$/;',
    breaks: 'REPLAY-3: only ids of the current form are accepted, so sessions saved under older ids no longer load',
  },
];

export const RESOURCE_PROMPT_REPLAY_FAMILY_MUTANTS: readonly Mutant[] = [...RESOURCE, ...PROMPT, ...REPLAY];
