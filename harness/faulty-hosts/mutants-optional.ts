// Source mutants of refhost for the optional groups RESOURCE, PROMPT, POLICY and TELEMETRY
// (issue 13): one-line bugs a host developer would plausibly write, each breaking exactly one
// guarantee.
import type { Mutant } from './mutant-build.js';

const READ_SEND = "  return { kind: 'resource', tool, args: { uri }, send: (signal) => connections.readResource(server, uri, signal) };";
const GATE_REFUSAL = '  const refusal = ctx.policy?.check(action) ?? null;';
const RECORD = '  ctx.telemetry?.record({';

const RESOURCE: readonly Mutant[] = [
  {
    id: 'resource-read-unapproved',
    file: 'chat/resource-read.ts',
    find: '  return runMcpAction(ctx, action);',
    replace: '  return action.send(new AbortController().signal);',
    breaks: 'RESOURCE-1: resource reads are sent without asking (read-only, so "safe")',
  },
  {
    id: 'resource-first-listing-server',
    file: 'chat/resource-read.ts',
    find: READ_SEND,
    replace:
      "  return { kind: 'resource', tool, args: { uri }, send: (signal) => connections.readResource(connections.resources.find((r) => r.uri === uri)?.server ?? server, uri, signal) };",
    breaks: 'RESOURCE-1: a read goes to the first server that listed the URI, not to the server named in the call',
  },
  {
    id: 'resource-listed-by-any-server',
    file: 'mcp/resources.ts',
    find: '    resources.some((r) => r.server === server && r.uri === uri) ||',
    replace: '    resources.some((r) => r.uri === uri) ||',
    breaks: 'RESOURCE-2: a URI listed by another server is accepted for this one',
  },
  {
    id: 'resource-template-of-any-server',
    file: 'mcp/resources.ts',
    find: '    templates.some((t) => t.server === server && templateMatches(t.uriTemplate, uri))',
    replace: '    templates.some((t) => templateMatches(t.uriTemplate, uri))',
    breaks: "RESOURCE-2: another server's template is enough for a URI to be read from this one",
  },
  {
    id: 'resource-template-prefix-match',
    file: 'mcp/resources.ts',
    find: '    return new UriTemplate(uriTemplate).match(uri) !== null;',
    replace: "    return uri.startsWith(uriTemplate.split('{')[0] ?? uriTemplate);",
    breaks: 'RESOURCE-2: a template matches every URI that starts like it (notes://day/../../keys, notes://day/a/b/c)',
  },
  {
    id: 'resource-refused-after-asking',
    file: 'chat/resource-read.ts',
    find: '  if (!connections.isOfferedResource(server, uri)) {',
    replace: '  if (false) {',
    breaks: 'RESOURCE-2: an unlisted URI is asked about first and refused only at the MCP layer',
  },
  {
    id: 'resource-blob-as-text',
    file: 'mcp/resources.ts',
    find: "  return mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource })) });",
    replace:
      "  return mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource: { ...(resource as object), text: (resource as { text?: string; blob?: string }).text ?? (resource as { blob?: string }).blob } })) });",
    breaks: 'RESOURCE-3: a blob resource reaches the model as its base64 text',
  },
  {
    id: 'resource-contents-uncapped',
    file: 'mcp/resources.ts',
    find: "  return mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource })) });",
    replace:
      "  const mapped = mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource })) });\n  return mapped.status === 'output_limit' ? { status: 'completed', output: parsed.data.contents.map((c) => String((c as { text?: unknown }).text ?? '')).join('\\n') } : mapped;",
    breaks: 'RESOURCE-3: resource contents are not capped at 64 KiB',
  },
  {
    id: 'resource-first-content-only',
    file: 'mcp/resources.ts',
    find: "  return mapCallResult({ content: parsed.data.contents.map((resource) => ({ type: 'resource', resource })) });",
    replace: "  return mapCallResult({ content: parsed.data.contents.slice(0, 1).map((resource) => ({ type: 'resource', resource })) });",
    breaks: 'RESOURCE-3: only the first of several contents of a resource reaches the model',
  },
];

const PROMPT: readonly Mutant[] = [
  {
    id: 'prompt-prefetched-at-start',
    file: 'mcp/discover-extras.ts',
    find: '    prompts: await list(capabilities.prompts, PROMPT_LIST),',
    replace:
      '    prompts: await list(capabilities.prompts, PROMPT_LIST).then(async (ps) => { for (const p of ps) await session.getPrompt(p.name, {}, 2000).catch(() => undefined); return ps; }),',
    breaks: 'PROMPT-1: every listed prompt is fetched (prompts/get) at start-up',
  },
  {
    id: 'prompt-fetched-for-listing',
    file: 'chat/chat-loop.ts',
    find: '      screen.write(promptListing(ctx.connections));',
    replace:
      '      screen.write(promptListing(ctx.connections));\n      for (const p of ctx.connections.prompts) await ctx.connections.getPrompt(p.server, p.name, {});',
    breaks: 'PROMPT-1: /prompts fetches every prompt (prompts/get) to preview it',
  },
  {
    id: 'prompt-earlier-messages-as-assistant',
    file: 'chat/chat-loop.ts',
    find: "    for (const item of items.slice(0, -1)) ctx.conversation.add({ type: 'message', role: 'user', content: item });",
    replace: "    for (const item of items.slice(0, -1)) ctx.conversation.add({ type: 'message', role: 'assistant', content: item });",
    breaks: "PROMPT-1: a prompt's earlier messages are inserted as assistant turns, not user content",
  },
  {
    id: 'prompt-not-shown',
    file: 'chat/prompt-command.ts',
    find: '  for (const message of outcome.messages) ctx.screen.write(promptMessageText(server, message.role, message.text));',
    replace: '',
    breaks: 'PROMPT-1: prompt messages are sent to the model without being shown',
  },
  {
    id: 'prompt-shown-first-line-only',
    file: 'chat/prompt-command.ts',
    find: '  for (const message of outcome.messages) ctx.screen.write(promptMessageText(server, message.role, message.text));',
    replace: "  for (const message of outcome.messages) ctx.screen.write(promptMessageText(server, message.role, message.text.split('\\n')[0] ?? ''));",
    breaks: 'PROMPT-1: only the first line of each prompt message is shown; the rest is sent unseen',
  },
  {
    id: 'prompt-not-marked-with-server',
    file: 'chat/prompt-command.ts',
    find: '  return `[MCP prompt from server ${JSON.stringify(server)}] ${message.role}: ${message.text}`;',
    replace: '  return `${message.role}: ${message.text}`;',
    breaks: 'PROMPT-1: prompt messages reach the model without naming their server',
  },
];

const POLICY: readonly Mutant[] = [
  {
    id: 'policy-deny-matches-exposed-name',
    file: 'policy/policy-gate.ts',
    find: '        const pattern = firstMatch(rules.denyTools, tool.originalName);',
    replace: '        const pattern = firstMatch(rules.denyTools, tool.exposedName);',
    breaks: 'POLICY-1: denyTools is matched against the offered name (mcp_docs_delete_file), so "delete_*" denies nothing',
  },
  {
    id: 'policy-deny-first-pattern-only',
    file: 'policy/policy-gate.ts',
    find: '        const pattern = firstMatch(rules.denyTools, tool.originalName);',
    replace: '        const pattern = firstMatch(rules.denyTools.slice(0, 1), tool.originalName);',
    breaks: 'POLICY-1: only the first denyTools pattern is applied',
  },
  {
    id: 'policy-glob-star-stops-at-slash',
    file: 'policy/glob.ts',
    find: "    if (char === '*') source += '.*';",
    replace: "    if (char === '*') source += '[^/]*';",
    breaks: 'POLICY-1: "*" does not match "/", so "admin/*" does not deny "admin/users/delete"',
  },
  {
    id: 'policy-denial-overridable',
    file: 'chat/mcp-action.ts',
    find: '  if (refusal !== null) {',
    replace: '  if (refusal !== null && !(await ctx.approve({ tool: action.tool, args: action.args, trust: ctx.policy?.trust(action.tool.server) }))) {',
    breaks: 'POLICY-1: a call the policy denies is put to the user, who can approve it anyway',
  },
  {
    id: 'policy-rate-off-by-one',
    file: 'policy/policy-gate.ts',
    find: '      if (rules.callsPerMinute !== undefined && recent(tool.server).length >= rules.callsPerMinute) {',
    replace: '      if (rules.callsPerMinute !== undefined && recent(tool.server).length > rules.callsPerMinute) {',
    breaks: 'POLICY-2: one call more than callsPerMinute is allowed',
  },
  {
    id: 'policy-rate-window-6s',
    file: 'policy/policy-gate.ts',
    find: 'export const RATE_WINDOW_MS = 60_000;',
    replace: 'export const RATE_WINDOW_MS = 6_000;',
    breaks: 'POLICY-2: the rate window is 6 s, not a minute',
  },
  {
    id: 'policy-rate-window-60ms',
    file: 'policy/policy-gate.ts',
    find: 'export const RATE_WINDOW_MS = 60_000;',
    replace: 'export const RATE_WINDOW_MS = 60;',
    breaks: 'POLICY-2: the rate window is 60 ms (seconds written as milliseconds)',
  },
  {
    id: 'policy-rate-per-tool',
    file: 'policy/policy-gate.ts',
    find: '      if (rules.callsPerMinute !== undefined && recent(tool.server).length >= rules.callsPerMinute) {',
    replace: '      if (rules.callsPerMinute !== undefined && recent(`${tool.server}/${tool.originalName}`).length >= rules.callsPerMinute) {',
    breaks: 'POLICY-2: the rate limit counts per tool, so calls spread over two tools double it',
  },
  {
    id: 'policy-rate-reads-not-counted',
    file: 'chat/mcp-action.ts',
    find: '  ctx.policy?.sent(action.tool.server);',
    replace: "  if (action.kind === 'tool') ctx.policy?.sent(action.tool.server);",
    breaks: 'POLICY-2: resource reads do not count toward the rate limit',
  },
  {
    id: 'policy-rate-refusal-as-result',
    file: 'chat/mcp-action.ts',
    find: "    return { outcome: { status: 'denied', output: refusal }, latencyMs: 0 };",
    replace: "    return { outcome: { status: refusal.includes('calls per minute') ? 'completed' : 'denied', output: refusal }, latencyMs: 0 };",
    breaks: 'POLICY-2: a call past the rate limit is not sent, but the model gets the limit notice as an ordinary completed result, not a refusal',
  },
  {
    id: 'policy-allow-unanchored',
    file: 'policy/glob.ts',
    find: "  return new RegExp(`^${source}$`, 'su');",
    replace: "  return new RegExp(`${source}$`, 'su');",
    breaks: 'POLICY-3: allowResources patterns match anywhere from the left, so "x://evil?notes://public/a" is allowed',
  },
  {
    id: 'policy-allowlist-skipped-for-reads',
    file: 'chat/mcp-action.ts',
    find: GATE_REFUSAL,
    replace: "  const refusal = action.kind === 'resource' ? null : (ctx.policy?.check(action) ?? null);",
    breaks: 'POLICY-3: the resource allowlist is not applied to reads',
  },
  {
    id: 'policy-unknown-setting-ignored',
    file: 'policy/policy-schema.ts',
    find: 'export const ServerPolicySchema = z.strictObject({',
    replace: 'export const ServerPolicySchema = z.looseObject({',
    breaks: 'POLICY-4: an unknown setting (autoApprove) is ignored instead of stopping start-up',
  },
  {
    id: 'policy-unknown-server-ignored',
    file: 'policy/policy-file.ts',
    find: '  if (unknown.length > 0) {',
    replace: '  if (unknown.length < 0) {',
    breaks: 'POLICY-4: a policy for a server that is not configured is ignored instead of stopping start-up',
  },
  {
    id: 'policy-invalid-json-ignored',
    file: 'policy/policy-file.ts',
    find: '  const json = readOptionalJson(file, (problem) => new PolicyFileError(file, problem));',
    replace:
      '  let json: unknown;\n  try {\n    json = readOptionalJson(file, (problem) => new PolicyFileError(file, problem));\n  } catch {\n    json = undefined;\n  }',
    breaks: 'POLICY-4: a policy file that is not valid JSON is treated as no policy',
  },
  {
    id: 'policy-trusted-skips-approval',
    file: 'chat/approval.ts',
    find: '  return async ({ tool, args, trust }) => {',
    replace: "  return async ({ tool, args, trust }) => {\n    if (trust === 'trusted') return true;",
    breaks: 'POLICY-4: a trusted server is never asked about',
  },
];

const TELEMETRY: readonly Mutant[] = [
  {
    id: 'telemetry-latency-seconds',
    file: 'chat/mcp-action.ts',
    find: '  const latencyMs = Math.round(performance.now() - started);',
    replace: '  const latencyMs = Math.round((performance.now() - started) / 1000);',
    breaks: 'TELEMETRY-1: latencyMs is recorded in seconds',
  },
  {
    id: 'telemetry-refused-not-recorded',
    file: 'chat/mcp-action.ts',
    find: RECORD,
    replace: "  if (outcome.status !== 'denied') ctx.telemetry?.record({",
    breaks: 'TELEMETRY-1: denied and refused calls leave no record',
  },
  {
    id: 'telemetry-reads-not-recorded',
    file: 'chat/mcp-action.ts',
    find: RECORD,
    replace: "  if (action.kind === 'tool') ctx.telemetry?.record({",
    breaks: 'TELEMETRY-1: resource reads leave no record',
  },
  {
    id: 'telemetry-offered-name-original',
    file: 'chat/mcp-action.ts',
    find: '    offeredName: action.tool.exposedName,',
    replace: '    offeredName: action.tool.originalName,',
    breaks: 'TELEMETRY-1: offeredName holds the original tool name',
  },
  {
    id: 'telemetry-status-transport-level',
    file: 'chat/mcp-action.ts',
    find: '    status: outcome.status,',
    replace: "    status: latencyMs > 0 && outcome.status !== 'unknown' ? 'completed' : outcome.status,",
    breaks: 'TELEMETRY-1: a call that was answered is recorded completed even when it failed or hit the output limit',
  },
  {
    id: 'telemetry-server-as-destination',
    file: 'chat/mcp-action.ts',
    find: '    server: action.tool.server,\n    tool: action.tool.originalName,',
    replace: '    server: action.tool.destination,\n    tool: action.tool.originalName,',
    breaks: 'TELEMETRY-1: the server field holds the destination URL, not the server id',
  },
  {
    id: 'telemetry-arguments-recorded',
    file: 'telemetry/telemetry-log.ts',
    find: "    argumentBytes: Buffer.byteLength(JSON.stringify(entry.args), 'utf8'),",
    replace: "    argumentBytes: Buffer.byteLength(JSON.stringify(entry.args), 'utf8'),\n    ...({ arguments: entry.args } as object),",
    breaks: 'TELEMETRY-2: records hold the argument values',
  },
  {
    id: 'telemetry-result-head-recorded',
    file: 'telemetry/telemetry-log.ts',
    find: "    resultBytes: Buffer.byteLength(entry.output, 'utf8'),",
    replace: "    resultBytes: Buffer.byteLength(entry.output, 'utf8'),\n    ...({ preview: entry.output.slice(0, 120) } as object),",
    breaks: 'TELEMETRY-2: records hold the first 120 characters of the result',
  },
  {
    id: 'telemetry-error-text-recorded',
    file: 'telemetry/telemetry-log.ts',
    find: "    resultBytes: Buffer.byteLength(entry.output, 'utf8'),",
    replace: "    resultBytes: Buffer.byteLength(entry.output, 'utf8'),\n    ...(entry.status === 'failed' ? { error: entry.output.slice(0, 200) } : {}),",
    breaks: 'TELEMETRY-2: records of failed calls hold the error text the server returned',
  },
  {
    id: 'telemetry-uri-recorded',
    file: 'telemetry/telemetry-log.ts',
    find: '    tool: entry.tool,',
    replace: "    tool: entry.tool === 'resources/read' && typeof entry.args.uri === 'string' ? `resources/read ${entry.args.uri}` : entry.tool,",
    breaks: 'TELEMETRY-2: records of resource reads hold the URI (an argument value)',
  },
];

export const OPTIONAL_MUTANTS: readonly Mutant[] = [...RESOURCE, ...PROMPT, ...POLICY, ...TELEMETRY];
