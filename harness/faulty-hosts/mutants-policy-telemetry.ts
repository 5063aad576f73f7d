// Source mutants of refhost for POLICY-1..4, TELEMETRY-1/2 and RESOURCE-1/2: a policy pack that
// only tightens, one telemetry record per call saying no more than it should, and resource reads
// asked first and refused when unlisted. POLICY and TELEMETRY are graded in checks-policy-telemetry.ts;
// so are most RESOURCE-1/2 checks (the refusal and approval checks those scenarios share with the
// policy ones), the rest being in checks-resources-prompts.ts and, one, checks-exposure-limits.ts.
import type { Mutant } from './mutant-build.js';
import { APPROVE_STEP } from './mutant-anchors.js';

const READ_SEND = "  return { kind: 'resource', tool, args: { uri }, send: (signal) => connections.readResource(server, uri, signal) };";
const GATE_REFUSAL = '  const refusal = ctx.policy?.check(action) ?? null;';
const RECORD = '  ctx.telemetry?.record({';
const READ_SENT = `      const outcome = await session.readResource(uri, options.callTimeoutMs, signal);
      return { status: outcome.status, output: redact(outcome.output) };`;
const LISTED_URI = '    resources.some((r) => r.server === server && r.uri === uri) ||';
const RUN_READ = `  return runMcpAction(ctx, action);
}`;
const GLOB_ANCHORED = "  return new RegExp(`^${source}$`, 'su');";
const GLOB_ESCAPE = String.raw`    else source += char.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');`;
const RESULT_BYTES = "    resultBytes: Buffer.byteLength(entry.output, 'utf8'),";

const REFUSE = [
  '  const refusal = ctx.policy?.check(action) ?? null;',
  '  if (refusal !== null) {',
  '    ctx.screen.write(ctx.dialect.screen.toolHeader(action.tool.exposedName));',
  "    return { outcome: { status: 'denied', output: refusal }, latencyMs: 0 };",
  '  }',
].join('\n');

const DENIED =
  "  if (!approved) return { outcome: { status: 'denied', output: 'The user denied this call; nothing was sent to the MCP server.' }, latencyMs: 0 };";

const POLICY: readonly Mutant[] = [
  {
    id: 'policy-deny-matches-exposed-name',
    seam: 'createPolicyGate',
    find: '        const pattern = firstMatch(rules.denyTools, tool.originalName);',
    replace: '        const pattern = firstMatch(rules.denyTools, tool.exposedName);',
    breaks: 'POLICY-1: denyTools is matched against the offered name (mcp_docs_delete_file), so "delete_*" denies nothing',
  },
  {
    id: 'policy-deny-first-pattern-only',
    seam: 'createPolicyGate',
    find: '        const pattern = firstMatch(rules.denyTools, tool.originalName);',
    replace: '        const pattern = firstMatch(rules.denyTools.slice(0, 1), tool.originalName);',
    breaks: 'POLICY-1: only the first denyTools pattern is applied',
  },
  {
    id: 'policy-glob-star-stops-at-slash',
    seam: 'globToRegExp',
    find: "    if (char === '*') source += '.*';",
    replace: "    if (char === '*') source += '[^/]*';",
    breaks: 'POLICY-1: "*" does not match "/", so "admin/*" does not deny "admin/users/delete"',
  },
  {
    id: 'policy-denial-overridable',
    seam: 'decideAndSend',
    find: '  if (refusal !== null) {',
    replace: '  if (refusal !== null && !(await ctx.approve({ tool: action.tool, args: action.args, trust: ctx.policy?.trust(action.tool.server) }))) {',
    breaks: 'POLICY-1: a call the policy denies is put to the user, who can approve it anyway',
  },
  {
    id: 'policy-deny-lowercased-name',
    seam: 'createPolicyGate',
    find: '        const pattern = firstMatch(rules.denyTools, tool.originalName);',
    replace: '        const pattern = firstMatch(rules.denyTools, tool.originalName.toLowerCase());',
    breaks: 'POLICY-1: tool names are lower-cased before matching, so "Drop*" no longer denies "DropTable"',
  },
  {
    id: 'policy-deny-after-approval',
    seam: 'decideAndSend',
    find: `${REFUSE}\n${APPROVE_STEP}\n${DENIED}`,
    replace: `${APPROVE_STEP}\n${DENIED}\n${REFUSE}`,
    breaks: 'POLICY-1: the user is asked about a call before the policy refuses it',
  },
  {
    id: 'policy-deny-reported-failed',
    seam: 'decideAndSend',
    find: "    return { outcome: { status: 'denied', output: refusal }, latencyMs: 0 };",
    replace: "    return { outcome: { status: 'failed', output: refusal }, latencyMs: 0 };",
    breaks: 'POLICY-1: a call refused by policy reaches the model as failed, not denied',
  },
  {
    id: 'policy-rate-off-by-one',
    seam: 'createPolicyGate',
    find: '      if (rules.callsPerMinute !== undefined && recent(tool.server).length >= rules.callsPerMinute) {',
    replace: '      if (rules.callsPerMinute !== undefined && recent(tool.server).length > rules.callsPerMinute) {',
    breaks: 'POLICY-2: one call more than callsPerMinute is allowed',
  },
  {
    id: 'policy-rate-window-6s',
    seam: 'RATE_WINDOW_MS',
    find: 'export const RATE_WINDOW_MS = 60_000;',
    replace: 'export const RATE_WINDOW_MS = 6_000;',
    breaks: 'POLICY-2: the rate window is 6 s, not a minute',
  },
  {
    id: 'policy-rate-window-60ms',
    seam: 'RATE_WINDOW_MS',
    find: 'export const RATE_WINDOW_MS = 60_000;',
    replace: 'export const RATE_WINDOW_MS = 60;',
    breaks: 'POLICY-2: the rate window is 60 ms (seconds written as milliseconds)',
  },
  {
    id: 'policy-rate-per-tool',
    seam: 'createPolicyGate',
    find: '      if (rules.callsPerMinute !== undefined && recent(tool.server).length >= rules.callsPerMinute) {',
    replace: '      if (rules.callsPerMinute !== undefined && recent(`${tool.server}/${tool.originalName}`).length >= rules.callsPerMinute) {',
    breaks: 'POLICY-2: the rate limit counts per tool, so calls spread over two tools double it',
  },
  {
    id: 'policy-rate-reads-not-counted',
    seam: 'decideAndSend',
    find: '  ctx.policy?.sent(action.tool.server);',
    replace: "  if (action.kind === 'tool') ctx.policy?.sent(action.tool.server);",
    breaks: 'POLICY-2: resource reads do not count toward the rate limit',
  },
  {
    id: 'policy-rate-refusal-as-result',
    seam: 'decideAndSend',
    find: "    return { outcome: { status: 'denied', output: refusal }, latencyMs: 0 };",
    replace: "    return { outcome: { status: refusal.includes('calls per minute') ? 'completed' : 'denied', output: refusal }, latencyMs: 0 };",
    breaks: 'POLICY-2: a call past the rate limit is not sent, but the model gets the limit notice as an ordinary completed result, not a refusal',
  },
  {
    id: 'policy-rate-failed-not-counted',
    seam: 'decideAndSend',
    find: '  ctx.policy?.sent(action.tool.server);\n  const started = performance.now();\n  let outcome: CallOutcome;\n  try {\n    outcome = await ctx.interrupts.abortable((signal) => action.send(signal));\n',
    replace:
      "  const started = performance.now();\n  let outcome: CallOutcome;\n  try {\n    outcome = await ctx.interrupts.abortable((signal) => action.send(signal));\n    if (outcome.status === 'completed') ctx.policy?.sent(action.tool.server);\n",
    breaks: 'POLICY-2: only calls that completed count toward the rate limit; failed and timed-out calls reached the server uncounted',
  },
  {
    id: 'policy-rate-reads-not-refused',
    seam: 'createPolicyGate',
    find: '      if (rules.callsPerMinute !== undefined && recent(tool.server).length >= rules.callsPerMinute) {',
    replace: "      if (kind === 'tool' && rules.callsPerMinute !== undefined && recent(tool.server).length >= rules.callsPerMinute) {",
    breaks: 'POLICY-2: resource reads past the rate limit are sent (they are counted, but never refused)',
  },
  {
    id: 'policy-allow-unanchored',
    seam: 'globToRegExp',
    find: "  return new RegExp(`^${source}$`, 'su');",
    replace: "  return new RegExp(`${source}$`, 'su');",
    breaks: 'POLICY-3: allowResources patterns match anywhere from the left, so "x://evil?notes://public/a" is allowed',
  },
  {
    id: 'policy-allowlist-skipped-for-reads',
    seam: 'decideAndSend',
    find: GATE_REFUSAL,
    replace: "  const refusal = action.kind === 'resource' ? null : (ctx.policy?.check(action) ?? null);",
    breaks: 'POLICY-3: the resource allowlist is not applied to reads',
  },
  {
    id: 'policy-glob-case-insensitive',
    seam: 'globToRegExp',
    find: GLOB_ANCHORED,
    replace: GLOB_ANCHORED.replace("'su'", "'siu'"),
    breaks: 'POLICY-3: allowResources patterns match case-insensitively, so "notes://public/*" allows "notes://PUBLIC/secret"',
  },
  {
    id: 'policy-glob-dot-unescaped',
    seam: 'globToRegExp',
    find: GLOB_ESCAPE,
    replace: GLOB_ESCAPE.replace('$.*', '$*'),
    breaks: 'POLICY-3: "." in a pattern matches any character, so "notes://a.b/*" allows "notes://axb/..."',
  },
  {
    id: 'policy-allow-unanchored-end',
    seam: 'globToRegExp',
    find: GLOB_ANCHORED,
    replace: "  return new RegExp(`^${source}`, 'su');",
    breaks: 'POLICY-3: an allowed URI is matched as a prefix, so "notes://public/readme" allows "notes://public/readme.secret"',
  },
  {
    id: 'policy-allowlist-empty-allows-all',
    seam: 'createPolicyGate',
    find: "      if (kind === 'resource' && rules.allowResources !== undefined) {",
    replace: "      if (kind === 'resource' && rules.allowResources !== undefined && rules.allowResources.length > 0) {",
    breaks: 'POLICY-3: an empty allowResources list allows every URI instead of none',
  },
  {
    id: 'policy-unknown-setting-ignored',
    seam: 'ServerPolicySchema',
    find: 'export const ServerPolicySchema = z.strictObject({',
    replace: 'export const ServerPolicySchema = z.looseObject({',
    breaks: 'POLICY-4: an unknown setting (autoApprove) is ignored instead of stopping start-up',
  },
  {
    id: 'policy-unknown-server-ignored',
    seam: 'readPolicyFile',
    find: '  if (unknown.length > 0) {',
    replace: '  if (unknown.length < 0) {',
    breaks: 'POLICY-4: a policy for a server that is not configured is ignored instead of stopping start-up',
  },
  {
    id: 'policy-invalid-json-ignored',
    seam: 'readPolicyFile',
    find: '  const json = readOptionalJson(file, (problem) => new PolicyFileError(file, problem));',
    replace:
      '  let json: unknown;\n  try {\n    json = readOptionalJson(file, (problem) => new PolicyFileError(file, problem));\n  } catch {\n    json = undefined;\n  }',
    breaks: 'POLICY-4: a policy file that is not valid JSON is treated as no policy',
  },
  {
    id: 'policy-trusted-skips-approval',
    seam: 'askUserApproval',
    find: '  return async ({ tool, args, trust }) => {',
    replace: "  return async ({ tool, args, trust }) => {\n    if (trust === 'trusted') return true;",
    breaks: 'POLICY-4: a trusted server is never asked about',
  },
  {
    id: 'policy-invalid-warns-and-continues',
    seam: 'runChat',
    find: '    policy = (deps.loadPolicy ?? readPolicyFile)(policyFile(env), Object.keys(config.mcpServers));',
    replace:
      '    try {\n      policy = (deps.loadPolicy ?? readPolicyFile)(policyFile(env), Object.keys(config.mcpServers));\n    } catch (error) {\n      plainWrite(errorLine(`${message(error)}; continuing without a policy`));\n      policy = null;\n    }',
    breaks: 'POLICY-4: an invalid policy file is reported clearly, but start-up goes on without any policy',
  },
  {
    id: 'policy-server-name-case-insensitive',
    seam: 'readPolicyFile',
    find: '  const unknown = Object.keys(parsed.data.servers ?? {}).filter((name) => !configuredServers.includes(name));',
    replace:
      '  const unknown = Object.keys(parsed.data.servers ?? {}).filter((name) => !configuredServers.some((s) => s.toLowerCase() === name.toLowerCase()));',
    breaks: 'POLICY-4: a policy for "Docs" passes as the configured server "docs" at start-up, then applies to nothing',
  },
  {
    id: 'policy-unknown-top-level-ignored',
    seam: 'PolicySchema',
    find: 'export const PolicySchema = z.strictObject({',
    replace: 'export const PolicySchema = z.looseObject({',
    breaks: 'POLICY-4: an unknown top-level key (a misspelt "server") is ignored, leaving no policy in force instead of stopping start-up',
  },
  {
    id: 'policy-allowlisted-read-skips-approval',
    seam: 'decideAndSend',
    find: APPROVE_STEP,
    replace: APPROVE_STEP.replace('= await ctx.approve(', "= (action.kind === 'resource' && ctx.policy !== undefined) || await ctx.approve("),
    breaks: 'POLICY-4: a read the policy file lets through is sent without asking the user',
  },
];

const TELEMETRY: readonly Mutant[] = [
  {
    id: 'telemetry-latency-seconds',
    seam: 'decideAndSend',
    find: '  const latencyMs = Math.round(performance.now() - started);',
    replace: '  const latencyMs = Math.round((performance.now() - started) / 1000);',
    breaks: 'TELEMETRY-1: latencyMs is recorded in seconds',
  },
  {
    id: 'telemetry-refused-not-recorded',
    seam: 'runMcpAction',
    find: RECORD,
    replace: "  if (outcome.status !== 'denied') ctx.telemetry?.record({",
    breaks: 'TELEMETRY-1: denied and refused calls leave no record',
  },
  {
    id: 'telemetry-reads-not-recorded',
    seam: 'runMcpAction',
    find: RECORD,
    replace: "  if (action.kind === 'tool') ctx.telemetry?.record({",
    breaks: 'TELEMETRY-1: resource reads leave no record',
  },
  {
    id: 'telemetry-offered-name-original',
    seam: 'runMcpAction',
    find: '    offeredName: action.tool.exposedName,',
    replace: '    offeredName: action.tool.originalName,',
    breaks: 'TELEMETRY-1: offeredName holds the original tool name',
  },
  {
    id: 'telemetry-status-transport-level',
    seam: 'runMcpAction',
    find: '    status: outcome.status,',
    replace: "    status: latencyMs > 0 && outcome.status !== 'unknown' ? 'completed' : outcome.status,",
    breaks: 'TELEMETRY-1: a call that was answered is recorded completed even when it failed or hit the output limit',
  },
  {
    id: 'telemetry-server-as-destination',
    seam: 'runMcpAction',
    find: '    server: action.tool.server,\n    tool: action.tool.originalName,',
    replace: '    server: action.tool.destination,\n    tool: action.tool.originalName,',
    breaks: 'TELEMETRY-1: the server field holds the destination URL, not the server id',
  },
  {
    id: 'telemetry-unknown-not-recorded',
    seam: 'runMcpAction',
    find: RECORD,
    replace: "  if (outcome.status !== 'unknown') ctx.telemetry?.record({",
    breaks: 'TELEMETRY-1: calls whose outcome is unknown (timed out, connection lost) leave no record',
  },
  {
    id: 'telemetry-failed-not-recorded',
    seam: 'runMcpAction',
    find: RECORD,
    replace: "  if (outcome.status !== 'failed') ctx.telemetry?.record({",
    breaks: 'TELEMETRY-1: failed calls leave no record',
  },
  {
    id: 'telemetry-policy-refusals-not-recorded',
    seam: 'runMcpAction',
    find: RECORD,
    replace: "  if (!outcome.output.startsWith('Denied by policy')) ctx.telemetry?.record({",
    breaks: 'TELEMETRY-1: calls the policy refuses locally leave no record (user denials still do)',
  },
  {
    id: 'telemetry-latency-microseconds',
    seam: 'decideAndSend',
    find: '  const latencyMs = Math.round(performance.now() - started);',
    replace: '  const latencyMs = Math.round((performance.now() - started) * 1000);',
    breaks: 'TELEMETRY-1: latencyMs is recorded in microseconds',
  },
  {
    id: 'telemetry-status-unknown-as-failed',
    seam: 'runMcpAction',
    find: '    status: outcome.status,',
    replace: "    status: outcome.status === 'unknown' ? 'failed' : outcome.status,",
    breaks: 'TELEMETRY-1: a call whose outcome is unknown is recorded as failed',
  },
  {
    id: 'telemetry-tool-offered-name',
    seam: 'runMcpAction',
    find: '    tool: action.tool.originalName,',
    replace: '    tool: action.tool.exposedName,',
    breaks: "TELEMETRY-1: the record's tool field holds the offered name, so the original tool name is missing",
  },
  {
    id: 'telemetry-arguments-recorded',
    seam: 'telemetryRecord',
    find: "    argumentBytes: Buffer.byteLength(JSON.stringify(entry.args), 'utf8'),",
    replace: "    argumentBytes: Buffer.byteLength(JSON.stringify(entry.args), 'utf8'),\n    ...({ arguments: entry.args } as object),",
    breaks: 'TELEMETRY-2: records hold the argument values',
  },
  {
    id: 'telemetry-result-head-recorded',
    seam: 'telemetryRecord',
    find: "    resultBytes: Buffer.byteLength(entry.output, 'utf8'),",
    replace: "    resultBytes: Buffer.byteLength(entry.output, 'utf8'),\n    ...({ preview: entry.output.slice(0, 120) } as object),",
    breaks: 'TELEMETRY-2: records hold the first 120 characters of the result',
  },
  {
    id: 'telemetry-error-text-recorded',
    seam: 'telemetryRecord',
    find: "    resultBytes: Buffer.byteLength(entry.output, 'utf8'),",
    replace: "    resultBytes: Buffer.byteLength(entry.output, 'utf8'),\n    ...(entry.status === 'failed' ? { error: entry.output.slice(0, 200) } : {}),",
    breaks: 'TELEMETRY-2: records of failed calls hold the error text the server returned',
  },
  {
    id: 'telemetry-uri-recorded',
    seam: 'telemetryRecord',
    find: '    tool: entry.tool,',
    replace: "    tool: entry.tool === 'resources/read' && typeof entry.args.uri === 'string' ? `resources/read ${entry.args.uri}` : entry.tool,",
    breaks: 'TELEMETRY-2: records of resource reads hold the URI (an argument value)',
  },
  {
    id: 'telemetry-args-when-denied',
    seam: 'telemetryRecord',
    find: RESULT_BYTES,
    replace: `${RESULT_BYTES}\n    ...(entry.status === 'denied' ? { attempted: entry.args } : {}),`,
    breaks: 'TELEMETRY-2: records of denied calls hold the argument values that were not sent',
  },
  {
    id: 'telemetry-args-when-failed',
    seam: 'telemetryRecord',
    find: RESULT_BYTES,
    replace: `${RESULT_BYTES}\n    ...(entry.status === 'failed' ? { arguments: entry.args } : {}),`,
    breaks: 'TELEMETRY-2: records of failed calls hold the argument values, for debugging',
  },
  {
    id: 'telemetry-args-preview',
    seam: 'telemetryRecord',
    find: RESULT_BYTES,
    replace: `${RESULT_BYTES}\n    argumentPreview: Object.fromEntries(Object.entries(entry.args).map(([k, v]) => [k, typeof v === 'string' ? \`\${v.slice(0, 6)}…\` : typeof v])),`,
    breaks: 'TELEMETRY-2: records hold the first six characters of every string argument',
  },
  {
    id: 'telemetry-read-content-recorded',
    seam: 'telemetryRecord',
    find: RESULT_BYTES,
    replace: `${RESULT_BYTES}\n    ...(entry.tool === 'resources/read' ? { content: entry.output } : {}),`,
    breaks: 'TELEMETRY-2: records of resource reads hold the content read',
  },
];

const RESOURCE: readonly Mutant[] = [
  {
    id: 'resource-read-unapproved',
    seam: 'runResourceRead',
    find: '  return runMcpAction(ctx, action);',
    replace: '  return action.send(new AbortController().signal);',
    breaks: 'RESOURCE-1: resource reads are sent without asking (read-only, so "safe")',
  },
  {
    id: 'resource-first-listing-server',
    seam: 'resourceReadAction',
    find: READ_SEND,
    replace:
      "  return { kind: 'resource', tool, args: { uri }, send: (signal) => connections.readResource(connections.resources.find((r) => r.uri === uri)?.server ?? server, uri, signal) };",
    breaks: 'RESOURCE-1: a read goes to the first server that listed the URI, not to the server named in the call',
  },
  {
    id: 'resource-failed-read-retried-elsewhere',
    seam: 'connectAll',
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
    seam: 'connectAll',
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
    seam: 'resourceReadAction',
    find: '  const { server, uri } = args;',
    replace: `  const { uri } = args;
  // The model sometimes names a server that is down or misspelt: one that listed the URI can serve it.
  const server = connections.statuses.some((s) => s.server === args.server && s.ok) ? args.server : (connections.resources.find((r) => r.uri === uri)?.server ?? args.server);`,
    breaks: 'RESOURCE-1: a read naming an unavailable or unknown server goes to another server that listed the URI',
  },
  {
    id: 'resource-unlisted-rerouted-to-lister',
    seam: 'resourceReadAction',
    find: '  if (!connections.isOfferedResource(server, uri)) {',
    replace: `  const lister = connections.isOfferedResource(server, uri) ? server : connections.statuses.find((s) => s.ok && connections.isOfferedResource(s.server, uri))?.server;
  if (lister !== undefined && lister !== server) return resourceReadAction(connections, { server: lister, uri });
  if (!connections.isOfferedResource(server, uri)) {`,
    breaks: 'RESOURCE-1: a read of a URI the named server did not list goes to the server that did',
  },
  {
    id: 'resource-deny-ignored-for-reads',
    seam: 'decideAndSend',
    find: '  if (!approved) return {',
    replace: "  if (!approved && action.kind === 'tool') return {",
    breaks: 'RESOURCE-1: a read the user denies is sent anyway (the deny stops tool calls only)',
  },
  {
    id: 'resource-same-uri-approved-once',
    seam: 'runResourceRead',
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
    seam: 'discoverExtras',
    find: '    resources: await list(capabilities.resources, RESOURCE_LIST),',
    replace: `    // Small previews of the first resources make the listing more useful to the model.
    resources: await list(capabilities.resources, RESOURCE_LIST).then(async (rs) => {
      for (const r of rs.slice(0, 3)) await session.readResource(r.uri, 2000, signal).catch(() => undefined);
      return rs;
    }),`,
    breaks: 'RESOURCE-1: listed resources are read (resources/read) at start-up, outside the read tool and without approval',
  },
  {
    id: 'resource-listed-by-any-server',
    seam: 'isOfferedUri',
    find: '    resources.some((r) => r.server === server && r.uri === uri) ||',
    replace: '    resources.some((r) => r.uri === uri) ||',
    breaks: 'RESOURCE-2: a URI listed by another server is accepted for this one',
  },
  {
    id: 'resource-template-of-any-server',
    seam: 'isOfferedUri',
    find: '    templates.some((t) => t.server === server && templateMatches(t.uriTemplate, uri))',
    replace: '    templates.some((t) => templateMatches(t.uriTemplate, uri))',
    breaks: "RESOURCE-2: another server's template is enough for a URI to be read from this one",
  },
  {
    id: 'resource-template-prefix-match',
    seam: 'templateMatches',
    find: '    return new UriTemplate(uriTemplate).match(uri) !== null;',
    replace: "    return uri.startsWith(uriTemplate.split('{')[0] ?? uriTemplate);",
    breaks: 'RESOURCE-2: a template matches every URI that starts like it (notes://day/../../keys, notes://day/a/b/c)',
  },
  {
    id: 'resource-refused-after-asking',
    seam: 'resourceReadAction',
    find: '  if (!connections.isOfferedResource(server, uri)) {',
    replace: '  if (false) {',
    breaks: 'RESOURCE-2: an unlisted URI is asked about first and refused only at the MCP layer',
  },
  {
    id: 'resource-uri-case-insensitive',
    seam: 'isOfferedUri',
    find: LISTED_URI,
    replace: '    resources.some((r) => r.server === server && r.uri.toLowerCase() === uri.toLowerCase()) ||',
    breaks: 'RESOURCE-2: a URI differing from a listed one only in letter case counts as listed and is sent',
  },
  {
    id: 'resource-uri-trailing-slash-ignored',
    seam: 'isOfferedUri',
    find: LISTED_URI,
    replace: "    resources.some((r) => r.server === server && r.uri.replace(/\\/+$/, '') === uri.replace(/\\/+$/, '')) ||",
    breaks: 'RESOURCE-2: a URI differing from a listed one by trailing slashes counts as listed and is sent',
  },
  {
    id: 'resource-uri-percent-decoded',
    seam: 'isOfferedUri',
    find: LISTED_URI,
    replace: '    resources.some((r) => r.server === server && decodeURIComponent(r.uri) === decodeURIComponent(uri)) ||',
    breaks: 'RESOURCE-2: a percent-encoded form of a listed URI counts as listed and is sent as written',
  },
  {
    id: 'resource-uri-below-listed',
    seam: 'isOfferedUri',
    find: LISTED_URI,
    replace: '    resources.some((r) => r.server === server && uri.startsWith(r.uri)) ||',
    breaks: 'RESOURCE-2: any URI that starts with a listed one (a longer path, ../, a query) counts as listed',
  },
  {
    id: 'resource-template-case-insensitive',
    seam: 'templateMatches',
    find: '    return new UriTemplate(uriTemplate).match(uri) !== null;',
    replace: '    return new UriTemplate(uriTemplate.toLowerCase()).match(uri.toLowerCase()) !== null;',
    breaks: "RESOURCE-2: a template's literal part is matched ignoring letter case",
  },
  {
    id: 'resource-unlisting-server-open',
    seam: 'isOfferedUri',
    find: '    templates.some((t) => t.server === server && templateMatches(t.uriTemplate, uri))',
    replace: `    templates.some((t) => t.server === server && templateMatches(t.uriTemplate, uri)) ||
    // A server that lists nothing cannot be checked: let the server decide.
    (!resources.some((r) => r.server === server) && !templates.some((t) => t.server === server))`,
    breaks: 'RESOURCE-2: any URI is sent to a server that listed no resources and no templates',
  },
  {
    id: 'resource-allowlist-case-insensitive',
    seam: 'createPolicyGate',
    find: '        if (firstMatch(rules.allowResources, uri) === undefined) {',
    replace: '        if (firstMatch(rules.allowResources.map((p) => p.toLowerCase()), uri.toLowerCase()) === undefined) {',
    breaks: 'RESOURCE-2: the policy allowlist matches URIs ignoring letter case, so a URI it excludes is read',
  },
];

export const POLICY_TELEMETRY_MUTANTS: readonly Mutant[] = [...POLICY, ...TELEMETRY, ...RESOURCE];
