// Source mutants of refhost for issue 26 (every member of every family) in APPROVE, RESULT,
// UNKNOWN, ASK, INJECT and EXPOSE: written from the catalogue and refhost's code, without
// reading the checks. Each one is a bug an outside developer plausibly writes, and each hits
// a member of a family the earlier mutants left alone: the other call outcome, the other
// message role or request kind, the other answer form, once vs twice, the last item, a bound
// on the wrong form, names or text compared loosely.
import type { Mutant } from './mutant-build.js';

const ASK_AND_DECIDE =
  "    screen.write(dialect.screen.confirmation(tool, args, trust));\n    const answer = await interrupts.abortable((signal) => screen.ask(dialect.screen.approvePrompt, signal));\n    screen.write('\\n');\n    return dialect.approves(answer);";
const APPROVE_STEP = '  const approved = await ctx.approve({ tool: action.tool, args: action.args, trust: ctx.policy?.trust(action.tool.server) });';
const CLASSIFY_ABORTED = '    if (signal.aborted) return unknownOutcome(reasonText(signal.reason));';
const ARMS_GATE = "  if (outcome.status === 'unknown') ctx.onUnknown({ server: action.tool.server, tool: action.tool.originalName });";
const GATE_DECLINED = '        screen.write(dialect.screen.messageNotSent);\n        continue;\n      }\n      mayHaveRun.length = 0;\n    }';
const SEND_REQUEST = '      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS });';
const EMPTY_DECLINES = "      const value = line.trim() === '' ? undefined : valueOf(field, line.trim());";

const APPROVE: readonly Mutant[] = [
  {
    id: 'approve-same-call-remembered',
    file: 'chat/approval.ts',
    find: '  return async ({ tool, args, trust }) => {\n' + ASK_AND_DECIDE,
    replace:
      '  const approved = new Set<string>();\n  return async ({ tool, args, trust }) => {\n    const key = `${tool.exposedName} ${JSON.stringify(args)}`;\n    if (approved.has(key)) return true;\n' +
      ASK_AND_DECIDE.replace(
        '    return dialect.approves(answer);',
        '    if (dialect.approves(answer)) approved.add(key);\n    return dialect.approves(answer);',
      ),
    breaks: 'APPROVE-2: a call identical to one approved before (same tool, same arguments) is sent without asking',
  },
  {
    id: 'approve-sticky-per-server',
    file: 'chat/approval.ts',
    find: '  return async ({ tool, args, trust }) => {\n' + ASK_AND_DECIDE,
    replace:
      '  const trusted = new Set<string>();\n  return async ({ tool, args, trust }) => {\n    if (trusted.has(tool.server)) return true;\n' +
      ASK_AND_DECIDE.replace(
        '    return dialect.approves(answer);',
        '    if (dialect.approves(answer)) trusted.add(tool.server);\n    return dialect.approves(answer);',
      ),
    breaks: 'APPROVE-2: approving one call of a server approves every later call to that server, the same tool included',
  },
  {
    id: 'approve-empty-answer-asks-again',
    file: 'chat/approval.ts',
    find: "    const answer = await interrupts.abortable((signal) => screen.ask(dialect.screen.approvePrompt, signal));\n    screen.write('\\n');",
    replace:
      "    let answer = await interrupts.abortable((signal) => screen.ask(dialect.screen.approvePrompt, signal));\n    if (answer !== null && answer.trim() === '') answer = await interrupts.abortable((signal) => screen.ask(dialect.screen.approvePrompt, signal));\n    screen.write('\\n');",
    breaks: 'APPROVE-3: an empty answer does not deny: the question is asked again and the next line decides',
  },
  {
    id: 'approve-readonly-description-skips',
    file: 'chat/mcp-action.ts',
    find: APPROVE_STEP,
    replace:
      '  const approved = /\\bread[- ]?only\\b/i.test(action.tool.description) || (await ctx.approve({ tool: action.tool, args: action.args, trust: ctx.policy?.trust(action.tool.server) }));',
    breaks: 'APPROVE-1: a tool whose description says it is read-only is called without asking',
  },
  {
    id: 'approve-lookup-names-skip',
    file: 'chat/mcp-action.ts',
    find: APPROVE_STEP,
    replace:
      '  const approved = /^(get|list|read|search|fetch|find)/i.test(action.tool.originalName) || (await ctx.approve({ tool: action.tool, args: action.args, trust: ctx.policy?.trust(action.tool.server) }));',
    breaks: 'APPROVE-1: tools whose names look like look-ups (get_, list_, search...) are called without asking',
  },
  {
    id: 'approve-confirm-server-line-dropped',
    file: 'ui/confirmation.ts',
    find: '    `Server: ${quoted(tool.server)}`,\n',
    replace: '',
    breaks: 'APPROVE-5: the confirmation does not name the server (only the offered tool name, which may hide it)',
  },
  {
    id: 'approve-args-bound-on-compact-json',
    file: 'ui/confirmation.ts',
    find: "  const total = Buffer.byteLength(formatted, 'utf8');",
    replace: "  const total = Buffer.byteLength(JSON.stringify(args), 'utf8');",
    breaks: 'APPROVE-5: the 2 KiB bound is measured on the compact JSON: formatted arguments well over 2 KiB are shown uncut',
  },
  {
    id: 'approve-args-cut-unmarked',
    file: 'ui/confirmation.ts',
    find: "  return `${shown}\\n${marker(Buffer.byteLength(shown, 'utf8'), total)}`;",
    replace: '  return shown;',
    breaks: 'APPROVE-5: arguments over 2 KiB are cut without any mark of the cut',
  },
];

const RESULT: readonly Mutant[] = [
  {
    id: 'result-first-text-block-only',
    file: 'mcp/result-mapping.ts',
    find: "  const text = parts.length > 0 ? parts.join('\\n') : '(the tool returned no content)';",
    replace: "  const text = parts.length > 0 ? (parts[0] ?? '') : '(the tool returned no content)';",
    breaks: 'RESULT-1: only the first content block reaches the model; later text blocks are lost',
  },
  {
    id: 'result-structured-only-without-content',
    file: 'mcp/result-mapping.ts',
    find: '  if (!blocks.some((b) => b.isText) && parsed.data.structuredContent !== undefined) {',
    replace: '  if (blocks.length === 0 && parsed.data.structuredContent !== undefined) {',
    breaks: 'RESULT-1: structuredContent is used only when there is no content at all, not when there is no text (an image alone hides it)',
  },
  {
    id: 'result-is-error-empty-completed',
    file: 'mcp/result-mapping.ts',
    find: "  if (parsed.data.isError === true) return capOutput('failed', text);",
    replace: "  if (parsed.data.isError === true && blocks.length > 0) return capOutput('failed', text);",
    breaks: 'RESULT-2: an isError result without content blocks gives status completed',
  },
  {
    id: 'result-output-bound-on-json-form',
    file: 'mcp/result-mapping.ts',
    find: "  const total = Buffer.byteLength(text, 'utf8');\n  if (total <= limit) return { status, output: text };",
    replace: "  const total = Buffer.byteLength(JSON.stringify(text), 'utf8');\n  if (total <= limit) return { status, output: text };",
    breaks: 'RESULT-8: the 64 KiB bound is measured on the JSON-escaped text: a result under 64 KiB with quotes or newlines is cut and marked output_limit',
  },
  {
    id: 'result-output-cut-unmarked',
    file: 'mcp/result-mapping.ts',
    find: "    output: cutUtf8(text, limit - Buffer.byteLength(marker, 'utf8')) + marker,",
    replace: '    output: cutUtf8(text, limit),',
    breaks: 'RESULT-8: a result over 64 KiB is cut without a truncation mark',
  },
  {
    id: 'result-timeout-failed',
    file: 'mcp/server-session.ts',
    find: CLASSIFY_ABORTED,
    replace:
      "    if (signal.aborted) return isMcpLayerError(signal.reason, 'timeout') ? failedOutcome(reasonText(signal.reason)) : unknownOutcome(reasonText(signal.reason));",
    breaks: 'RESULT-4: no answer within the call deadline gives status failed',
  },
  {
    id: 'result-interrupt-not-sent',
    file: 'mcp/server-session.ts',
    find: CLASSIFY_ABORTED,
    replace:
      "    if (signal.aborted) return isMcpLayerError(signal.reason, 'interrupted') ? notSentOutcome('The call was cancelled by the user') : unknownOutcome(reasonText(signal.reason));",
    breaks: 'RESULT-7: a call interrupted after it was sent is reported as failed and not sent',
  },
  {
    id: 'result-interrupt-unknown-bare',
    file: 'mcp/server-session.ts',
    find: CLASSIFY_ABORTED,
    replace:
      "    if (signal.aborted) return isMcpLayerError(signal.reason, 'interrupted') ? { status: 'unknown', output: reasonText(signal.reason) } : unknownOutcome(reasonText(signal.reason));",
    breaks: 'RESULT-9: an interrupted call is unknown without the note that the server may have acted and it must not be retried',
  },
  {
    id: 'result-dropped-stream-failed',
    file: 'mcp/server-session.ts',
    find: CLASSIFY_ABORTED,
    replace:
      "    if (signal.aborted) return isMcpLayerError(signal.reason, 'closed') ? failedOutcome(reasonText(signal.reason)) : unknownOutcome(reasonText(signal.reason));",
    breaks: 'RESULT-5: a connection that drops (or a server that dies) after the call was sent gives status failed',
  },
];

const UNKNOWN: readonly Mutant[] = [
  {
    id: 'unknown-gate-not-armed-by-reads',
    file: 'chat/mcp-action.ts',
    find: ARMS_GATE,
    replace: "  if (outcome.status === 'unknown' && action.kind === 'tool') ctx.onUnknown({ server: action.tool.server, tool: action.tool.originalName });",
    breaks: 'UNKNOWN-2: a resource read that ended unknown does not hold back the next message',
  },
  {
    id: 'unknown-gate-decline-quits',
    file: 'chat/chat-loop.ts',
    find: GATE_DECLINED,
    replace: GATE_DECLINED.replace('        continue;', '        return;'),
    breaks: 'UNKNOWN-2: declining the confirmation ends the host (the user must restart)',
  },
  {
    id: 'unknown-gate-confirm-drops-message',
    file: 'chat/chat-loop.ts',
    find: GATE_DECLINED,
    replace: GATE_DECLINED.replace('      mayHaveRun.length = 0;\n    }', '      mayHaveRun.length = 0;\n      continue;\n    }'),
    breaks: 'UNKNOWN-2: confirming clears the gate but drops the message: it is never sent',
  },
  {
    id: 'unknown-resend-after-oversize',
    file: 'mcp/server-session.ts',
    find: SEND_REQUEST,
    replace:
      "      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS }).catch((e: unknown) => (isMcpLayerError(signal.reason, 'oversize') ? this.client.request({ method, params }, schema, { timeout: timeoutMs }) : Promise.reject(e)));",
    breaks: 'UNKNOWN-1: a call whose answer was over the message limit is sent a second time',
  },
  {
    id: 'unknown-resend-after-drop',
    file: 'mcp/server-session.ts',
    find: SEND_REQUEST,
    replace:
      "      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS }).catch((e: unknown) => (isMcpLayerError(signal.reason, 'closed') && !this.closed ? this.client.request({ method, params }, schema, { timeout: timeoutMs }) : Promise.reject(e)));",
    breaks: 'UNKNOWN-1: a call whose stream dropped is sent again while the connection is still open',
  },
];

const ASK: readonly Mutant[] = [
  {
    id: 'ask-url-mode-accepted',
    file: 'mcp/server-requests.ts',
    find: "    capabilities: { elicitation: { form: {} } },\n    register(client, server) {\n      client.setRequestHandler('elicitation/create', (request) => elicit(server, request.params));",
    replace:
      "    capabilities: { elicitation: { form: {}, url: {} } },\n    register(client, server) {\n      client.setRequestHandler('elicitation/create', (request) => (request.params.mode === 'url' ? { action: 'accept' } : elicit(server, request.params)));",
    breaks: 'ASK-1: URL mode is declared, and a URL-mode elicitation (no fields to fill: the user would only open a link) is accepted without asking the user',
  },
  {
    id: 'ask-empty-takes-default',
    file: 'ui/elicitation.ts',
    find: EMPTY_DECLINES,
    replace: "      const value = line.trim() === '' ? (field as { default?: string | number | boolean }).default : valueOf(field, line.trim());",
    breaks: "ASK-1: an empty line accepts the field's schema default, a value the user did not type",
  },
  {
    id: 'ask-boolean-any-answer-true',
    file: 'ui/elicitation.ts',
    find: "  if (field.type === 'boolean') return isYes(line);",
    replace: "  if (field.type === 'boolean') return line !== '';",
    breaks: 'ASK-1: any answer to a yes/no field (even "n") is sent as true',
  },
  {
    id: 'ask-server-not-named',
    file: 'ui/elicitation.ts',
    find: '  return [`MCP server ${quoted(server)} asks: ${quoted(params.message)}`,',
    replace: '  return [`An MCP server asks: ${quoted(params.message)}`,',
    breaks: 'ASK-1: the elicitation reaches the user without naming its server',
  },
  {
    id: 'ask-answer-remembered',
    file: 'ui/elicitation.ts',
    find: '  return async (server, params): Promise<ElicitResult> => {\n',
    replace:
      "  const answered = new Map<string, ElicitResult>();\n  return async (server, params): Promise<ElicitResult> => {\n    const key = `${server} ${params.message}`;\n    const earlier = answered.get(key);\n    if (earlier !== undefined) return earlier;\n    const result = await ask(server, params);\n    if (result.action === 'accept') answered.set(key, result);\n    return result;\n  };\n  async function ask(server: string, params: ElicitRequest['params']): Promise<ElicitResult> {\n",
    breaks: "ASK-1: a second elicitation with the same message is answered with the first one's content, without asking",
  },
  {
    id: 'ask-early-elicitation-accepted',
    file: 'mcp/server-requests.ts',
    find: "    elicit: (server, params) => (answer === undefined ? Promise.resolve({ action: 'cancel' }) : answer(server, params)),",
    replace: "    elicit: (server, params) => (answer === undefined ? Promise.resolve({ action: 'accept', content: {} }) : answer(server, params)),",
    breaks: 'ASK-1: an elicitation that arrives before the chat screen exists is accepted (empty) without the user',
  },
];

const INJECT: readonly Mutant[] = [
  {
    id: 'inject-neutralise-first-only',
    file: 'ui/neutralise.ts',
    find: "const UNSAFE_GLOBAL = new RegExp(UNSAFE.source, 'gu');",
    replace: "const UNSAFE_GLOBAL = new RegExp(UNSAFE.source, 'u');",
    breaks: 'INJECT-2: only the first unsafe character of a text is escaped; the second and later reach the screen raw',
  },
  {
    id: 'inject-elicitation-message-json-only',
    file: 'ui/elicitation.ts',
    find: '  return [`MCP server ${quoted(server)} asks: ${quoted(params.message)}`,',
    replace: '  return [`MCP server ${quoted(server)} asks: ${JSON.stringify(params.message)}`,',
    breaks: "INJECT-2: an elicitation's message is only JSON-quoted: C1 controls, bidi overrides and zero-width characters reach the screen raw",
  },
  {
    id: 'inject-elicitation-field-prompt-raw',
    file: 'ui/elicitation.ts',
    find: '      const line = await interrupts.abortable((signal) => screen.ask(`${neutralise(name)}: `, signal));',
    replace: '      const line = await interrupts.abortable((signal) => screen.ask(`${name}: `, signal));',
    breaks: "INJECT-2: an elicitation field's name reaches the screen raw in its question",
  },
  {
    id: 'inject-prompt-list-name-raw',
    file: 'ui/screen-text.ts',
    find: '  return `${neutralise(server)} ${neutralise(name)}${about}\\n`;',
    replace: '  return `${neutralise(server)} ${name}${about}\\n`;',
    breaks: "INJECT-2: a prompt's name reaches the screen raw in /prompts",
  },
  {
    id: 'inject-error-line-raw',
    file: 'ui/screen-text.ts',
    find: '  return `refhost: ${neutralise(message)}\\n`;',
    replace: '  return `refhost: ${message}\\n`;',
    breaks: "INJECT-2: error lines (which quote a server's error for a prompt, a model failure) reach the screen raw",
  },
  {
    id: 'inject-resource-echoed-as-user',
    file: 'chat/turn-loop.ts',
    find: "      ctx.conversation.add({ type: 'function_call_output', call_id: call.call_id, output: ctx.dialect.results.write(outcome.status, outcome.output) });",
    replace:
      "      ctx.conversation.add({ type: 'function_call_output', call_id: call.call_id, output: ctx.dialect.results.write(outcome.status, outcome.output) });\n      if (ctx.catalog.resolve(call.name)?.kind === 'resource' && outcome.status === 'completed') ctx.conversation.add({ type: 'message', role: 'user', content: outcome.output });",
    breaks: 'INJECT-1: the text of a resource that was read is also added as a user message, unlabelled',
  },
  {
    id: 'inject-flag-case-sensitive',
    file: 'mcp/instruction-like.ts',
    find: '  return PATTERNS.some((pattern) => pattern.test(visible));',
    replace: '  return PATTERNS.some((pattern) => new RegExp(pattern.source).test(visible));',
    breaks: 'INJECT-3: instruction-like text is recognised only in lower case ("IGNORE ALL PREVIOUS INSTRUCTIONS" is not flagged)',
  },
  {
    id: 'inject-flag-schema-top-level-only',
    file: 'mcp/instruction-like.ts',
    find: '  visit(inputSchema);\n  return texts;',
    replace:
      "  const properties = (inputSchema as { properties?: Record<string, { description?: unknown; title?: unknown }> }).properties ?? {};\n  for (const property of Object.values(properties)) for (const text of [property.description, property.title]) if (typeof text === 'string') texts.push(text);\n  return texts;",
    breaks: "INJECT-3: instruction-like text nested deeper than a top-level property's description (items, nested objects, $defs) is not flagged",
  },
  {
    id: 'inject-changed-first-only',
    file: 'chat/startup-notices.ts',
    find: '  const lines = changed.map((tool) => flags.changedFlagLine(tool.server, tool.originalName));',
    replace: '  const lines = changed.slice(0, 1).map((tool) => flags.changedFlagLine(tool.server, tool.originalName));',
    breaks: 'INJECT-4: when several tools changed, only the first is flagged',
  },
  {
    id: 'inject-pin-case-insensitive',
    file: 'mcp/tool-pins.ts',
    find: "  return createHash('sha256').update(canonicalJson(definition)).digest('hex');",
    replace: "  return createHash('sha256').update(canonicalJson(definition).toLowerCase().replace(/\\s+/g, ' ')).digest('hex');",
    breaks: 'INJECT-4: a definition that changed only in letter case or spacing is not flagged',
  },
];

const EXPOSE: readonly Mutant[] = [
  {
    id: 'expose-key-case-insensitive',
    file: 'mcp/naming.ts',
    find: 'const keyOf = (ref: ToolRef): string => `${ref.server}\\0${ref.tool}`;',
    replace: 'const keyOf = (ref: ToolRef): string => `${ref.server}\\0${ref.tool}`.toLowerCase();',
    breaks: 'EXPOSE-2: tools (or servers) whose names differ only in case get one offered name: they still collide',
  },
  {
    id: 'expose-suffixed-name-65',
    file: 'mcp/naming.ts',
    find: "  const safe = base.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, MAX_LENGTH - 1 - hexLength);",
    replace: "  const safe = base.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, MAX_LENGTH - hexLength);",
    breaks: 'EXPOSE-2: a long name with its hash suffix is 65 characters, over the 64 allowed',
  },
  {
    id: 'expose-pattern-allows-65',
    file: 'mcp/naming.ts',
    find: 'export const EXPOSED_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;',
    replace: 'export const EXPOSED_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,65}$/;',
    breaks: 'EXPOSE-2: a 65-character name is offered as it is',
  },
  {
    id: 'expose-unicode-letters-allowed',
    file: 'mcp/naming.ts',
    find: 'export const EXPOSED_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;',
    replace: 'export const EXPOSED_NAME_PATTERN = /^[\\p{L}\\p{N}_-]{1,64}$/u;',
    breaks: 'EXPOSE-2: names with non-ASCII letters or digits (é, ü, ٣) are offered as they are',
  },
  {
    id: 'expose-hash-of-server-only',
    file: 'mcp/naming.ts',
    find: "  return createHash('sha256').update(`${ref.server}\\0${ref.tool}`).digest('hex');",
    replace: "  return createHash('sha256').update(ref.server).digest('hex');",
    breaks: 'EXPOSE-2: the hash suffix depends on the server alone: two long tool names of one server still collide after suffixing',
  },
  {
    id: 'expose-strict-when-closed',
    file: 'chat/tool-catalog.ts',
    find: '      parameters: tool.parameters,\n      strict: false,',
    replace: '      parameters: tool.parameters,\n      strict: (tool.parameters.additionalProperties === false) as false,',
    breaks: 'EXPOSE-4: a tool whose schema is closed (additionalProperties false) is marked strict',
  },
  {
    id: 'expose-no-note-without-description',
    file: 'mcp/describe.ts',
    find: "  const text = serverText?.trim() ? ` ${serverText.trim()}` : '';\n",
    replace: '  if (!serverText?.trim()) return `[MCP server ${server}, tool ${tool}]`;\n  const text = ` ${serverText.trim()}`;\n',
    breaks: 'EXPOSE-5: a tool without a description is offered without the note that its results are untrusted',
  },
  {
    id: 'expose-description-first-line',
    file: 'mcp/describe.ts',
    find: "  const text = serverText?.trim() ? ` ${serverText.trim()}` : '';\n",
    replace: "  const text = serverText?.trim() ? ` ${serverText.trim().split('\\n')[0]}` : '';\n",
    breaks: "EXPOSE-5: only the first line of the server's description is offered",
  },
  {
    id: 'expose-resource-listing-in-instructions',
    file: 'chat/model-client.ts',
    find: '          instructions: HOST_INSTRUCTIONS,',
    replace: "          instructions: [HOST_INSTRUCTIONS, ...tools.filter((t) => t.name === 'read_mcp_resource').map((t) => t.description)].join('\\n\\n'),",
    breaks: 'EXPOSE-6: the resources the servers listed (their names and descriptions) are put into the instructions',
  },
  {
    id: 'expose-last-result-in-instructions',
    file: 'chat/model-client.ts',
    find: '          instructions: HOST_INSTRUCTIONS,',
    replace:
      "          instructions: [HOST_INSTRUCTIONS, ...input.filter((i) => i.type === 'function_call_output').slice(-1).map((i) => `Latest tool result: ${i.output}`)].join('\\n'),",
    breaks: 'EXPOSE-6: the latest tool result is repeated in the instructions',
  },
];

export const APPROVE_RESULT_INJECT_FAMILY_MUTANTS: readonly Mutant[] = [...APPROVE, ...RESULT, ...UNKNOWN, ...ASK, ...INJECT, ...EXPOSE];
