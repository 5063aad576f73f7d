// Source mutants of refhost for POLICY, LIMIT and TELEMETRY (issue 26), written from the
// catalogue and refhost's code only: each is the other member of a family the first batch
// covered (another call outcome, another kind of action, the other side of a bound, another
// unit or form, a pattern compared loosely), breaking exactly one guarantee.
import type { Mutant } from './mutant-build.js';

const GLOB_ANCHORED = "  return new RegExp(`^${source}$`, 'su');";
const GLOB_ESCAPE = String.raw`    else source += char.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');`;
const RECORD = '  ctx.telemetry?.record({';
const RESULT_BYTES = "    resultBytes: Buffer.byteLength(entry.output, 'utf8'),";
const OVER_LIMIT = '      overLimit ||= callsThisTurn > ctx.toolCallsPerTurn;';
const APPROVE = '  const approved = await ctx.approve({ tool: action.tool, args: action.args, trust: ctx.policy?.trust(action.tool.server) });';
const REFUSE = [
  '  const refusal = ctx.policy?.check(action) ?? null;',
  '  if (refusal !== null) {',
  '    ctx.screen.write(ctx.dialect.screen.toolHeader(action.tool.exposedName));',
  "    return { outcome: { status: 'denied', output: refusal }, latencyMs: 0 };",
  '  }',
].join('\n');
const DENIED =
  "  if (!approved) return { outcome: { status: 'denied', output: 'The user denied this call; nothing was sent to the MCP server.' }, latencyMs: 0 };";
const DEFINITION_BYTES = "      definitionBytes += Buffer.byteLength(JSON.stringify(raw), 'utf8');";

/** A turn-loop mutant that gives a call of one outcome back to the per-turn count. */
const uncounted = (status: string): Pick<Mutant, 'file' | 'find' | 'replace'> => ({
  file: 'chat/turn-loop.ts',
  find: OVER_LIMIT,
  replace: `${OVER_LIMIT}\n      if (!overLimit && outcome.status === '${status}') callsThisTurn -= 1;`,
});

const POLICY: readonly Mutant[] = [
  {
    id: 'policy-deny-lowercased-name',
    file: 'policy/policy-gate.ts',
    find: '        const pattern = firstMatch(rules.denyTools, tool.originalName);',
    replace: '        const pattern = firstMatch(rules.denyTools, tool.originalName.toLowerCase());',
    breaks: 'POLICY-1: tool names are lower-cased before matching, so "Drop*" no longer denies "DropTable"',
  },
  {
    id: 'policy-deny-after-approval',
    file: 'chat/mcp-action.ts',
    find: `${REFUSE}\n${APPROVE}\n${DENIED}`,
    replace: `${APPROVE}\n${DENIED}\n${REFUSE}`,
    breaks: 'POLICY-1: the user is asked about a call before the policy refuses it',
  },
  {
    id: 'policy-deny-reported-failed',
    file: 'chat/mcp-action.ts',
    find: "    return { outcome: { status: 'denied', output: refusal }, latencyMs: 0 };",
    replace: "    return { outcome: { status: 'failed', output: refusal }, latencyMs: 0 };",
    breaks: 'POLICY-1: a call refused by policy reaches the model as failed, not denied',
  },
  {
    id: 'policy-rate-failed-not-counted',
    file: 'chat/mcp-action.ts',
    find: '  ctx.policy?.sent(action.tool.server);\n  const started = performance.now();\n  let outcome: CallOutcome;\n  try {\n    outcome = await ctx.interrupts.abortable((signal) => action.send(signal));\n',
    replace:
      "  const started = performance.now();\n  let outcome: CallOutcome;\n  try {\n    outcome = await ctx.interrupts.abortable((signal) => action.send(signal));\n    if (outcome.status === 'completed') ctx.policy?.sent(action.tool.server);\n",
    breaks: 'POLICY-2: only calls that completed count toward the rate limit; failed and timed-out calls reached the server uncounted',
  },
  {
    id: 'policy-rate-reads-not-refused',
    file: 'policy/policy-gate.ts',
    find: '      if (rules.callsPerMinute !== undefined && recent(tool.server).length >= rules.callsPerMinute) {',
    replace: "      if (kind === 'tool' && rules.callsPerMinute !== undefined && recent(tool.server).length >= rules.callsPerMinute) {",
    breaks: 'POLICY-2: resource reads past the rate limit are sent (they are counted, but never refused)',
  },
  {
    id: 'policy-glob-case-insensitive',
    file: 'policy/glob.ts',
    find: GLOB_ANCHORED,
    replace: GLOB_ANCHORED.replace("'su'", "'siu'"),
    breaks: 'POLICY-3: allowResources patterns match case-insensitively, so "notes://public/*" allows "notes://PUBLIC/secret"',
  },
  {
    id: 'policy-glob-dot-unescaped',
    file: 'policy/glob.ts',
    find: GLOB_ESCAPE,
    replace: GLOB_ESCAPE.replace('$.*', '$*'),
    breaks: 'POLICY-3: "." in a pattern matches any character, so "notes://a.b/*" allows "notes://axb/..."',
  },
  {
    id: 'policy-allow-unanchored-end',
    file: 'policy/glob.ts',
    find: GLOB_ANCHORED,
    replace: "  return new RegExp(`^${source}`, 'su');",
    breaks: 'POLICY-3: an allowed URI is matched as a prefix, so "notes://public/readme" allows "notes://public/readme.secret"',
  },
  {
    id: 'policy-allowlist-empty-allows-all',
    file: 'policy/policy-gate.ts',
    find: "      if (kind === 'resource' && rules.allowResources !== undefined) {",
    replace: "      if (kind === 'resource' && rules.allowResources !== undefined && rules.allowResources.length > 0) {",
    breaks: 'POLICY-3: an empty allowResources list allows every URI instead of none',
  },
  {
    id: 'policy-invalid-warns-and-continues',
    file: 'chat/run-chat.ts',
    find: '    policy = (deps.loadPolicy ?? readPolicyFile)(policyFile(env), Object.keys(config.mcpServers));',
    replace:
      '    try {\n      policy = (deps.loadPolicy ?? readPolicyFile)(policyFile(env), Object.keys(config.mcpServers));\n    } catch (error) {\n      plainWrite(errorLine(`${message(error)}; continuing without a policy`));\n      policy = null;\n    }',
    breaks: 'POLICY-4: an invalid policy file is reported clearly, but start-up goes on without any policy',
  },
  {
    id: 'policy-server-name-case-insensitive',
    file: 'policy/policy-file.ts',
    find: '  const unknown = Object.keys(parsed.data.servers ?? {}).filter((name) => !configuredServers.includes(name));',
    replace:
      '  const unknown = Object.keys(parsed.data.servers ?? {}).filter((name) => !configuredServers.some((s) => s.toLowerCase() === name.toLowerCase()));',
    breaks: 'POLICY-4: a policy for "Docs" passes as the configured server "docs" at start-up, then applies to nothing',
  },
  {
    id: 'policy-unknown-top-level-ignored',
    file: 'policy/policy-schema.ts',
    find: 'export const PolicySchema = z.strictObject({',
    replace: 'export const PolicySchema = z.looseObject({',
    breaks: 'POLICY-4: an unknown top-level key (a misspelt "server") is ignored, leaving no policy in force instead of stopping start-up',
  },
  {
    id: 'policy-allowlisted-read-skips-approval',
    file: 'chat/mcp-action.ts',
    find: APPROVE,
    replace: APPROVE.replace('= await ctx.approve(', "= (action.kind === 'resource' && ctx.policy !== undefined) || await ctx.approve("),
    breaks: 'POLICY-4: a read the policy file lets through is sent without asking the user',
  },
];

// Not LIMIT-3 breaches, so not listed: a budget counted in characters, or fitted by eliding at
// most one output per request, still counts MCP output exactly like any other tool output;
// LIMIT-3 fixes neither the budget's unit nor how the host fits its input to it.
const LIMIT: readonly Mutant[] = [
  {
    id: 'limit-definitions-schema-only',
    file: 'mcp/discovery.ts',
    find: DEFINITION_BYTES,
    replace: "      definitionBytes += Buffer.byteLength(JSON.stringify((raw as { inputSchema?: unknown }).inputSchema ?? {}), 'utf8');",
    breaks: "LIMIT-1: the 64 KiB bound counts only input schemas, so a server's 100 KiB of descriptions is accepted",
  },
  {
    id: 'limit-definitions-characters',
    file: 'mcp/discovery.ts',
    find: DEFINITION_BYTES,
    replace: '      definitionBytes += JSON.stringify(raw).length;',
    breaks: 'LIMIT-1: the 64 KiB definitions bound counts characters, so up to 192 KiB of non-ASCII definitions are accepted',
  },
  {
    id: 'limit-definitions-truncated',
    file: 'mcp/discovery.ts',
    find: '        return { ok: false, reason: `discovery limit: ${spec.noun} definitions larger than ${formatBytes(limits.definitionBytes)} in total` };',
    replace: '        return { ok: true, items };',
    breaks: 'LIMIT-1: a server over 64 KiB of definitions keeps the tools that fit instead of being unavailable',
  },
  {
    id: 'limit-pages-truncated',
    file: 'mcp/discovery.ts',
    find: '    if (page >= limits.pages) return { ok: false, reason: `discovery limit: more than ${limits.pages} pages of ${spec.noun}s` };',
    replace: '    if (page >= limits.pages) return { ok: true, items };',
    breaks: 'LIMIT-1: a server with more than 16 pages keeps the tools of its first 16 pages instead of being unavailable',
  },
  {
    id: 'limit-schema-properties-only',
    file: 'mcp/discovery.ts',
    find: "    if (Buffer.byteLength(JSON.stringify(inputSchema), 'utf8') > limits.schemaBytes) {",
    replace: "    if (Buffer.byteLength(JSON.stringify(inputSchema.properties ?? {}), 'utf8') > limits.schemaBytes) {",
    breaks: 'LIMIT-1: the 16 KiB schema bound measures only "properties", so a schema with 40 KiB of $defs is accepted',
  },
  { id: 'limit-call-cap-denied-not-counted', ...uncounted('denied'), breaks: 'LIMIT-2: denied calls do not count toward the 16 calls per turn' },
  { id: 'limit-call-cap-failed-not-counted', ...uncounted('failed'), breaks: 'LIMIT-2: failed calls do not count toward the 16 calls per turn' },
  {
    id: 'limit-call-cap-unknown-not-counted',
    ...uncounted('unknown'),
    breaks: 'LIMIT-2: timed-out calls (outcome unknown) do not count toward the 16 calls per turn',
  },
  {
    id: 'limit-call-cap-reads-not-counted',
    file: 'chat/turn-loop.ts',
    find: '      callsThisTurn += 1;',
    replace: "      if (ctx.catalog.resolve(call.name)?.kind !== 'resource') callsThisTurn += 1;",
    breaks: 'LIMIT-2: read_mcp_resource calls do not count toward the 16 calls per turn',
  },
  {
    id: 'limit-call-cap-checked-between-responses',
    file: 'chat/turn-loop.ts',
    find: '      const outcome = callsThisTurn > ctx.toolCallsPerTurn ? limitOutcome(ctx.toolCallsPerTurn) : await runCall(ctx, call);',
    replace: '      const outcome = await runCall(ctx, call);',
    breaks: 'LIMIT-2: the cap is checked only after a response: every call of one response of 20 calls runs',
  },
  {
    id: 'limit-call-cap-silent',
    file: 'chat/turn-loop.ts',
    find: "      ctx.screen.write(ctx.dialect.screen.toolLimitMessage(ctx.toolCallsPerTurn));\n      return 'tool_limit';",
    replace: "      return 'tool_limit';",
    breaks: 'LIMIT-2: past the cap the turn ends without any message to the user',
  },
  {
    id: 'limit-budget-mcp-exempt',
    file: 'chat/history.ts',
    find: "    if (item?.type !== 'function_call_output' || isElided(item.output, format)) continue;",
    replace:
      "    if (item?.type !== 'function_call_output' || isElided(item.output, format) || !items.some((c) => c.type === 'function_call' && c.call_id === item.call_id && c.name === 'read_file')) continue;",
    breaks: 'LIMIT-3: only read_file output is elided to fit the budget; MCP results are always kept whole',
  },
];

const TELEMETRY: readonly Mutant[] = [
  {
    id: 'telemetry-unknown-not-recorded',
    file: 'chat/mcp-action.ts',
    find: RECORD,
    replace: "  if (outcome.status !== 'unknown') ctx.telemetry?.record({",
    breaks: 'TELEMETRY-1: calls whose outcome is unknown (timed out, connection lost) leave no record',
  },
  {
    id: 'telemetry-failed-not-recorded',
    file: 'chat/mcp-action.ts',
    find: RECORD,
    replace: "  if (outcome.status !== 'failed') ctx.telemetry?.record({",
    breaks: 'TELEMETRY-1: failed calls leave no record',
  },
  {
    id: 'telemetry-policy-refusals-not-recorded',
    file: 'chat/mcp-action.ts',
    find: RECORD,
    replace: "  if (!outcome.output.startsWith('Denied by policy')) ctx.telemetry?.record({",
    breaks: 'TELEMETRY-1: calls the policy refuses locally leave no record (user denials still do)',
  },
  {
    id: 'telemetry-latency-microseconds',
    file: 'chat/mcp-action.ts',
    find: '  const latencyMs = Math.round(performance.now() - started);',
    replace: '  const latencyMs = Math.round((performance.now() - started) * 1000);',
    breaks: 'TELEMETRY-1: latencyMs is recorded in microseconds',
  },
  {
    id: 'telemetry-status-unknown-as-failed',
    file: 'chat/mcp-action.ts',
    find: '    status: outcome.status,',
    replace: "    status: outcome.status === 'unknown' ? 'failed' : outcome.status,",
    breaks: 'TELEMETRY-1: a call whose outcome is unknown is recorded as failed',
  },
  {
    id: 'telemetry-tool-offered-name',
    file: 'chat/mcp-action.ts',
    find: '    tool: action.tool.originalName,',
    replace: '    tool: action.tool.exposedName,',
    breaks: "TELEMETRY-1: the record's tool field holds the offered name, so the original tool name is missing",
  },
  {
    id: 'telemetry-args-when-denied',
    file: 'telemetry/telemetry-log.ts',
    find: RESULT_BYTES,
    replace: `${RESULT_BYTES}\n    ...(entry.status === 'denied' ? { attempted: entry.args } : {}),`,
    breaks: 'TELEMETRY-2: records of denied calls hold the argument values that were not sent',
  },
  {
    id: 'telemetry-args-when-failed',
    file: 'telemetry/telemetry-log.ts',
    find: RESULT_BYTES,
    replace: `${RESULT_BYTES}\n    ...(entry.status === 'failed' ? { arguments: entry.args } : {}),`,
    breaks: 'TELEMETRY-2: records of failed calls hold the argument values, for debugging',
  },
  {
    id: 'telemetry-args-preview',
    file: 'telemetry/telemetry-log.ts',
    find: RESULT_BYTES,
    replace: `${RESULT_BYTES}\n    argumentPreview: Object.fromEntries(Object.entries(entry.args).map(([k, v]) => [k, typeof v === 'string' ? \`\${v.slice(0, 6)}…\` : typeof v])),`,
    breaks: 'TELEMETRY-2: records hold the first six characters of every string argument',
  },
  {
    id: 'telemetry-read-content-recorded',
    file: 'telemetry/telemetry-log.ts',
    find: RESULT_BYTES,
    replace: `${RESULT_BYTES}\n    ...(entry.tool === 'resources/read' ? { content: entry.output } : {}),`,
    breaks: 'TELEMETRY-2: records of resource reads hold the content read',
  },
];

export const POLICY_LIMIT_TELEMETRY_FAMILY_MUTANTS: readonly Mutant[] = [...POLICY, ...LIMIT, ...TELEMETRY];
