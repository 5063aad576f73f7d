// Source mutants of refhost for APPROVE, RESULT and UNKNOWN (issue 13): one-line bugs a host
// developer would plausibly write, each breaking exactly one guarantee.
import type { Mutant } from './mutant-build.js';

const ASK = `    const answer = await interrupts.abortable((signal) => screen.ask(dialect.screen.approvePrompt, signal));`;

const APPROVE: readonly Mutant[] = [
  {
    id: 'approve-answer-starts-with-y',
    file: 'ui/confirmation.ts',
    find: "return normalised === 'y' || normalised === 'yes';",
    replace: "return normalised.startsWith('y');",
    breaks: 'APPROVE-3: "yep", "yolo", "y-no" and any other answer starting with y approve',
  },
  {
    id: 'approve-answer-includes-y',
    file: 'ui/confirmation.ts',
    find: "return normalised === 'y' || normalised === 'yes';",
    replace: "return normalised.includes('y');",
    breaks: 'APPROVE-3: any answer containing a y ("any", "nay", "why?") approves',
  },
  {
    id: 'approve-empty-answer-approves',
    file: 'ui/confirmation.ts',
    find: "return normalised === 'y' || normalised === 'yes';",
    replace: "return normalised === '' || normalised === 'y' || normalised === 'yes';",
    breaks: 'APPROVE-3: an empty answer (Enter) approves, so the default is yes',
  },
  {
    id: 'approve-anything-but-no',
    file: 'ui/confirmation.ts',
    find: "return normalised === 'y' || normalised === 'yes';",
    replace: "return normalised !== '' && normalised !== 'n' && normalised !== 'no';",
    breaks: 'APPROVE-3: any non-empty answer other than n/no ("ok", "later", "stop") approves',
  },
  {
    id: 'approve-ok-and-sure-approve',
    file: 'ui/confirmation.ts',
    find: "return normalised === 'y' || normalised === 'yes';",
    replace: "return ['y', 'yes', 'ok', 'sure', 'go'].includes(normalised);",
    breaks: 'APPROVE-3: "ok", "sure" and "go" approve although only yes may',
  },
  {
    id: 'approve-eof-approves',
    file: 'chat/approval.ts',
    find: '    return dialect.approves(answer);',
    replace: '    return answer === null || dialect.approves(answer);',
    breaks: 'APPROVE-3: end of input at the approval question approves (closed stdin of a script = yes)',
  },
  {
    id: 'approve-auto-after-idle',
    file: 'chat/approval.ts',
    find: ASK,
    replace:
      "    const answer = await Promise.race([interrupts.abortable((signal) => screen.ask(dialect.screen.approvePrompt, signal)), new Promise<string>((resolve) => setTimeout(() => resolve('y'), 20_000).unref())]);",
    breaks: 'APPROVE-1: a question left unanswered for 20 s approves itself instead of waiting',
  },
  {
    id: 'approve-sticky-per-tool',
    file: 'chat/approval.ts',
    find:
      '  return async ({ tool, args, trust }) => {\n    screen.write(dialect.screen.confirmation(tool, args, trust));\n' +
      ASK +
      "\n    screen.write('\\n');\n    return dialect.approves(answer);",
    replace:
      '  const approved = new Set<string>();\n  return async ({ tool, args, trust }) => {\n    if (approved.has(tool.exposedName)) return true;\n    screen.write(dialect.screen.confirmation(tool, args, trust));\n' +
      ASK +
      "\n    screen.write('\\n');\n    if (dialect.approves(answer)) approved.add(tool.exposedName);\n    return dialect.approves(answer);",
    breaks: 'APPROVE-2: once a tool was approved, later calls of it run without asking ("approve for this session")',
  },
  {
    id: 'approve-skip-argumentless-calls',
    file: 'chat/mcp-action.ts',
    find: '  const approved = await ctx.approve({ tool: action.tool, args: action.args, trust: ctx.policy?.trust(action.tool.server) });',
    replace:
      '  const approved = Object.keys(action.args).length === 0 || (await ctx.approve({ tool: action.tool, args: action.args, trust: ctx.policy?.trust(action.tool.server) }));',
    breaks: 'APPROVE-1: a call without arguments ("nothing to confirm") is sent without asking',
  },
  {
    id: 'approve-args-cut-in-characters',
    file: 'ui/confirmation.ts',
    find: '  const shown = prefixWithinBytes(formatted, ARGUMENTS_DISPLAY_BYTES);',
    replace: "  const shown = Array.from(formatted).slice(0, ARGUMENTS_DISPLAY_BYTES).join('');",
    breaks: 'APPROVE-5: the arguments are cut at 2048 characters, not bytes (up to 8 KiB of non-ASCII shown)',
  },
  {
    id: 'approve-args-cut-at-1k',
    file: 'ui/confirmation.ts',
    find: 'export const ARGUMENTS_DISPLAY_BYTES = 2048;',
    replace: 'export const ARGUMENTS_DISPLAY_BYTES = 1024;',
    breaks: 'APPROVE-5: the arguments are cut at 1 KiB, so arguments well under 2 KiB are cut too',
  },
  {
    id: 'approve-args-compact-json',
    file: 'ui/confirmation.ts',
    find: '  const formatted = JSON.stringify(args, null, 2);',
    replace: '  const formatted = JSON.stringify(args);',
    breaks: 'APPROVE-5: the arguments are shown as one compact JSON line, not formatted',
  },
  {
    id: 'approve-args-tail-shown',
    file: 'ui/confirmation.ts',
    find: '  const shown = prefixWithinBytes(formatted, ARGUMENTS_DISPLAY_BYTES);',
    replace: '  const shown = formatted.slice(-ARGUMENTS_DISPLAY_BYTES);',
    breaks: 'APPROVE-5: long arguments show their end instead of their start',
  },
  {
    id: 'approve-destination-command-only',
    file: 'ui/confirmation.ts',
    find: '    `Destination: ${quoted(tool.destination)}`,',
    replace: "    `Destination: ${quoted(tool.destination.split(' ')[0] ?? '')}`,",
    breaks: 'APPROVE-5: a stdio destination shows the command without its arguments',
  },
  {
    id: 'approve-exposed-name-as-tool',
    file: 'ui/confirmation.ts',
    find: '    `Tool: ${quoted(tool.originalName)}`,',
    replace: '    `Tool: ${quoted(tool.exposedName)}`,',
    breaks: "APPROVE-5: the confirmation shows the offered name instead of the tool's original name",
  },
  {
    id: 'approve-no-warning',
    file: 'ui/confirmation.ts',
    find: "    'Arguments are sent to this MCP server. The host cannot control what the server does with them.',\n",
    replace: "    'Arguments are sent to this MCP server.',\n",
    breaks: 'APPROVE-5: the warning that the host cannot control the server is missing',
  },
  {
    id: 'approve-slow-call-backgrounded',
    file: 'chat/mcp-action.ts',
    find: '    outcome = await ctx.interrupts.abortable((signal) => action.send(signal));',
    replace:
      "    outcome = await Promise.race([ctx.interrupts.abortable((signal) => action.send(signal)), new Promise<CallOutcome>((resolve) => setTimeout(() => resolve({ status: 'completed', output: 'The call is still running in the background.' }), 250))]);",
    breaks: 'APPROVE-6: a call slower than 250 ms is left running and the next call is asked for and sent meanwhile',
  },
];

const RESULT: readonly Mutant[] = [
  {
    id: 'result-image-as-base64',
    file: 'mcp/result-mapping.ts',
    find: "  if (media.success) return { text: `[${media.data.type} omitted: ${media.data.mimeType ?? 'unknown type'}]`, isText: false };",
    replace: '  if (media.success) return { text: `[${media.data.type}: ${String((block as { data?: unknown }).data)}]`, isText: false };',
    breaks: 'RESULT-1: images and audio reach the model as base64',
  },
  {
    id: 'result-audio-as-base64',
    file: 'mcp/result-mapping.ts',
    find: "  if (media.success) return { text: `[${media.data.type} omitted: ${media.data.mimeType ?? 'unknown type'}]`, isText: false };",
    replace:
      "  if (media.success) return { text: media.data.type === 'audio' ? String((block as { data?: unknown }).data) : `[${media.data.type} omitted: ${media.data.mimeType ?? 'unknown type'}]`, isText: false };",
    breaks: 'RESULT-1: audio (only audio) reaches the model as base64',
  },
  {
    id: 'result-media-counts-as-text',
    file: 'mcp/result-mapping.ts',
    find: "  if (media.success) return { text: `[${media.data.type} omitted: ${media.data.mimeType ?? 'unknown type'}]`, isText: false };",
    replace: "  if (media.success) return { text: `[${media.data.type} omitted: ${media.data.mimeType ?? 'unknown type'}]`, isText: true };",
    breaks: 'RESULT-1: a result of an image plus structuredContent loses the structuredContent (the image counts as text)',
  },
  {
    id: 'result-embedded-blob-as-base64',
    file: 'mcp/result-mapping.ts',
    find: '      : { text: `[binary resource omitted: ${uri}]`, isText: false };',
    replace: "      : { text: `[resource ${uri}]\\n${resource.data.resource.blob ?? ''}`, isText: true };",
    breaks: 'RESULT-1: an embedded binary resource reaches the model as base64',
  },
  {
    id: 'result-structured-content-ignored',
    file: 'mcp/result-mapping.ts',
    find: '  if (!blocks.some((b) => b.isText) && parsed.data.structuredContent !== undefined) {',
    replace: '  if (false && parsed.data.structuredContent !== undefined) {',
    breaks: 'RESULT-1: structuredContent is ignored when there is no text',
  },
  {
    id: 'result-text-blocks-reversed',
    file: 'mcp/result-mapping.ts',
    find: "  const text = parts.length > 0 ? parts.join('\\n') : '(the tool returned no content)';",
    replace: "  const text = parts.length > 0 ? parts.reverse().join('\\n') : '(the tool returned no content)';",
    breaks: 'RESULT-1: content blocks reach the model in reverse order',
  },
  {
    id: 'result-link-without-uri',
    file: 'mcp/result-mapping.ts',
    find: "    return { text: `[resource link: ${link.data.name ?? '(unnamed)'} ${link.data.uri ?? '(no uri)'} — not opened]`, isText: false };",
    replace: "    return { text: `[resource link: ${link.data.name ?? '(unnamed)'} — not opened]`, isText: false };",
    breaks: 'RESULT-1: a resource link is listed by name only, without its URI',
  },
  {
    id: 'result-links-prefetched',
    file: 'mcp/server-session.ts',
    find: '    return sent.ok ? mapCallResult(sent.raw) : sent.outcome;',
    replace:
      "    if (sent.ok) for (const b of ((sent.raw as { content?: { type?: string; uri?: string }[] }).content ?? [])) if (b.type === 'resource_link' && b.uri) await this.readResource(b.uri, timeoutMs).catch(() => undefined);\n    return sent.ok ? mapCallResult(sent.raw) : sent.outcome;",
    breaks: 'RESULT-1: resource links in a result are read (prefetched) from the server',
  },
  {
    id: 'result-is-error-completed',
    file: 'mcp/result-mapping.ts',
    find: "  if (parsed.data.isError === true) return capOutput('failed', text);",
    replace: '',
    breaks: 'RESULT-2: isError true gives status completed',
  },
  {
    id: 'result-is-error-generic-text',
    file: 'mcp/result-mapping.ts',
    find: "  if (parsed.data.isError === true) return capOutput('failed', text);",
    replace: "  if (parsed.data.isError === true) return capOutput('failed', 'The tool reported an error.');",
    breaks: "RESULT-2: an isError result loses the server's message",
  },
  {
    id: 'result-rpc-error-code-only',
    file: 'mcp/server-session.ts',
    find: '    if (error instanceof ProtocolError) return failedOutcome(serverMessage(error));',
    replace: '    if (error instanceof ProtocolError) return failedOutcome(`JSON-RPC error ${error.code}`);',
    breaks: "RESULT-2: a JSON-RPC error gives failed with its code only, not the server's message",
  },
  {
    id: 'result-rpc-error-unknown',
    file: 'mcp/server-session.ts',
    find: '    if (error instanceof ProtocolError) return failedOutcome(serverMessage(error));',
    replace: '    if (error instanceof ProtocolError) return unknownOutcome(serverMessage(error));',
    breaks: 'RESULT-2: a JSON-RPC error gives status unknown instead of failed',
  },
  {
    id: 'result-denied-as-failed',
    file: 'chat/mcp-action.ts',
    find: "  if (!approved) return { outcome: { status: 'denied', output: 'The user denied this call; nothing was sent to the MCP server.' }, latencyMs: 0 };",
    replace:
      "  if (!approved) return { outcome: { status: 'failed', output: 'The user denied this call; nothing was sent to the MCP server.' }, latencyMs: 0 };",
    breaks: 'RESULT-3: a denied call gives status failed',
  },
  {
    id: 'result-deadline-reset-on-progress',
    file: 'mcp/server-session.ts',
    find: '      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS });',
    replace:
      '      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS, onprogress: () => void timer.refresh() });',
    breaks: 'RESULT-4: the call deadline restarts with every progress notification, so a busy server is waited for forever',
  },
  {
    id: 'result-deadline-reset-on-stdio-progress',
    file: 'mcp/server-session.ts',
    find: '      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS });',
    replace:
      "      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS, ...(this.current.link.opening === 'probe-in-place' ? { onprogress: () => void timer.refresh() } : {}) });",
    breaks: 'RESULT-4: over stdio (only) the call deadline restarts with every progress notification, so a busy stdio server is waited for forever',
  },
  {
    id: 'result-call-deadline-60s',
    file: 'chat/chat-settings.ts',
    find: 'export const DEFAULT_CALL_TIMEOUT_MS = 30_000;',
    replace: 'export const DEFAULT_CALL_TIMEOUT_MS = 60_000;',
    breaks: 'RESULT-4: the call deadline is 60 s, not 30 s',
  },
  {
    id: 'result-call-deadline-5s',
    file: 'chat/chat-settings.ts',
    find: 'export const DEFAULT_CALL_TIMEOUT_MS = 30_000;',
    replace: 'export const DEFAULT_CALL_TIMEOUT_MS = 5_000;',
    breaks: 'RESULT-4: the call deadline is 5 s: a call answered after 6 s is reported unknown',
  },
  {
    id: 'result-call-deadline-seconds',
    file: 'mcp/connect-all.ts',
    find: '      const outcome = await session.callTool(tool.originalName, args, options.callTimeoutMs, signal);',
    replace: '      const outcome = await session.callTool(tool.originalName, args, options.callTimeoutMs * 1000, signal);',
    breaks: 'RESULT-4: the call deadline is read as seconds (30 000 s)',
  },
  {
    id: 'result-closed-as-failed',
    file: 'mcp/server-session.ts',
    find: '    if (this.closed) return unknownOutcome(causeText(this.closedReason()));',
    replace: '    if (this.closed) return failedOutcome(this.closedReason());',
    breaks: 'RESULT-5: a call whose connection closed (server died) after sending gives failed',
  },
  {
    id: 'result-network-error-failed',
    file: 'mcp/server-session.ts',
    find: '    return unknownOutcome(causeText(`The request failed: ${error instanceof Error ? error.message : String(error)}`));',
    replace: '    return failedOutcome(`The request failed: ${error instanceof Error ? error.message : String(error)}`);',
    breaks: 'RESULT-5: a request that failed at the network level after sending gives failed',
  },
  {
    id: 'result-oversize-failed',
    file: 'mcp/server-session.ts',
    find: '    if (signal.aborted) return unknownOutcome(reasonText(signal.reason));',
    replace:
      "    if (signal.aborted) return isMcpLayerError(signal.reason, 'oversize') ? failedOutcome(reasonText(signal.reason)) : unknownOutcome(reasonText(signal.reason));",
    breaks: 'RESULT-6: an answer over 1 MiB gives status failed',
  },
  {
    id: 'result-interrupt-denied',
    file: 'mcp/server-session.ts',
    find: '    if (signal.aborted) return unknownOutcome(reasonText(signal.reason));',
    replace:
      "    if (signal.aborted) return isMcpLayerError(signal.reason, 'interrupted') ? { status: 'denied', output: 'Cancelled by the user.' } : unknownOutcome(reasonText(signal.reason));",
    breaks: 'RESULT-7: a call the user interrupted after sending gives status denied',
  },
  {
    id: 'result-oversize-completed',
    file: 'mcp/result-mapping.ts',
    find: "    status: status === 'completed' ? 'output_limit' : status,",
    replace: '    status,',
    breaks: 'RESULT-8: a result over 64 KiB is cut but keeps status completed',
  },
  {
    id: 'result-output-limit-64000',
    file: 'mcp/errors.ts',
    find: '  outputBytes: 64 * 1024,',
    replace: '  outputBytes: 64 * 1000,',
    breaks: 'RESULT-8: the output limit is 64 000 bytes, not 64 KiB',
  },
  {
    id: 'result-output-limit-characters',
    file: 'mcp/result-mapping.ts',
    find: "  const total = Buffer.byteLength(text, 'utf8');\n  if (total <= limit) return { status, output: text };",
    replace: "  const total = Buffer.byteLength(text, 'utf8');\n  if (text.length <= limit) return { status, output: text };",
    breaks: 'RESULT-8: the limit counts characters, so up to 256 KiB of non-ASCII text passes uncut as completed',
  },
  {
    id: 'result-output-limit-off-by-one',
    file: 'mcp/result-mapping.ts',
    find: '  if (total <= limit) return { status, output: text };',
    replace: '  if (total < limit) return { status, output: text };',
    breaks: 'RESULT-8: a result of exactly 64 KiB is cut and marked output_limit',
  },
  {
    id: 'result-output-keeps-tail',
    file: 'mcp/result-mapping.ts',
    find: "    output: cutUtf8(text, limit - Buffer.byteLength(marker, 'utf8')) + marker,",
    replace: "    output: Buffer.from(text, 'utf8').subarray(total - (limit - Buffer.byteLength(marker, 'utf8'))).toString('utf8') + marker,",
    breaks: 'RESULT-8: an oversized result keeps its last part, not its first',
  },
  {
    id: 'result-output-head-and-tail',
    file: 'mcp/result-mapping.ts',
    find: "    output: cutUtf8(text, limit - Buffer.byteLength(marker, 'utf8')) + marker,",
    replace:
      "    output: cutUtf8(text, (limit - Buffer.byteLength(marker, 'utf8')) / 2) + Buffer.from(text, 'utf8').subarray(total - (limit - Buffer.byteLength(marker, 'utf8')) / 2).toString('utf8') + marker,",
    breaks: 'RESULT-8: an oversized result keeps its head and its tail, dropping the middle, not the first part',
  },
  {
    id: 'result-middle-elided-as-completed',
    file: 'mcp/result-mapping.ts',
    find: '  if (total <= limit) return { status, output: text };',
    replace:
      "  if (total > limit / 2) return { status, output: cutUtf8(text, limit / 4) + '\\n[...]\\n' + Buffer.from(text, 'utf8').subarray(total - limit / 4).toString('utf8') };\n  if (total <= limit) return { status, output: text };",
    breaks: 'RESULT-8: results over 32 KiB lose their middle (head and tail kept) and still say completed',
  },
  {
    id: 'result-error-text-uncapped',
    file: 'mcp/result-mapping.ts',
    find: "  if (parsed.data.isError === true) return capOutput('failed', text);",
    replace: "  if (parsed.data.isError === true) return { status: 'failed', output: text };",
    breaks: 'RESULT-8: an isError result over 64 KiB reaches the model whole',
  },
  {
    id: 'result-unknown-without-retry-note',
    file: 'mcp/result-mapping.ts',
    find: "    'The outcome of this call is unknown: the MCP server may have received it and acted on it. ' +\n    'Do not retry this call automatically; tell the user and let them decide.'",
    replace: "    'The outcome of this call is unknown: the MCP server may have received it and acted on it.'",
    breaks: 'RESULT-9: the unknown outcome does not say that the call must not be retried',
  },
  {
    id: 'result-aborted-unknown-bare',
    file: 'mcp/server-session.ts',
    find: '    if (signal.aborted) return unknownOutcome(reasonText(signal.reason));',
    replace: "    if (signal.aborted) return { status: 'unknown', output: reasonText(signal.reason) };",
    breaks: 'RESULT-9: an unknown outcome after a timeout, interrupt or oversize carries no may-have-acted warning',
  },
  {
    id: 'result-closed-unknown-bare',
    file: 'mcp/server-session.ts',
    find: '    if (this.closed) return unknownOutcome(causeText(this.closedReason()));',
    replace: "    if (this.closed) return { status: 'unknown', output: causeText(this.closedReason()) };",
    breaks: 'RESULT-9: the unknown outcome of a call whose server died carries no may-have-acted warning',
  },
  {
    id: 'result-replayed-pending-no-warning',
    file: 'chat/conversation.ts',
    find: "  'No result was recorded for this call (the host stopped while it was pending); the server may have acted. Do not retry it automatically.';",
    replace: "  'No result was recorded for this call (the host stopped while it was pending).';",
    breaks: 'RESULT-9: a resumed call that was pending when the host stopped is unknown without the may-have-acted warning',
  },
];

const UNKNOWN: readonly Mutant[] = [
  {
    id: 'unknown-resend-after-timeout',
    file: 'mcp/server-session.ts',
    find: '      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS });',
    replace:
      "      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS }).catch((e: unknown) => (isMcpLayerError(call.signal.reason, 'timeout') ? this.client.request({ method, params }, schema, { timeout: timeoutMs }) : Promise.reject(e)));",
    breaks: 'UNKNOWN-1: a call that timed out is sent once more',
  },
  {
    id: 'unknown-resend-after-network-error',
    file: 'mcp/server-session.ts',
    find: '      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS });',
    replace:
      '      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS }).catch((e: unknown) => (e instanceof ProtocolError || signal.aborted ? Promise.reject(e) : this.client.request({ method, params }, schema, { timeout: timeoutMs })));',
    breaks: 'UNKNOWN-1: a call whose request failed at the network level is sent once more',
  },
  {
    id: 'unknown-http-reconnects',
    file: 'mcp/http-transport.ts',
    find: '    reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 0, maxReconnectionDelay: 0, reconnectionDelayGrowFactor: 1 },',
    replace: '    reconnectionOptions: { maxRetries: 2, initialReconnectionDelay: 0, maxReconnectionDelay: 0, reconnectionDelayGrowFactor: 1 },',
    breaks: 'UNKNOWN-1: the Streamable HTTP transport reconnects (transport-level retry) after a dropped stream',
  },
  {
    id: 'unknown-fetch-retry',
    file: 'mcp/guarded-fetch.ts',
    find: "    const response = await baseFetch(input, { ...init, redirect: 'manual' });",
    replace: "    const response = await baseFetch(input, { ...init, redirect: 'manual' }).catch(() => baseFetch(input, { ...init, redirect: 'manual' }));",
    breaks: 'UNKNOWN-1: an HTTP request that failed (connection dropped) is sent once more',
  },
  {
    id: 'unknown-gate-disarmed-by-decline',
    file: 'chat/chat-loop.ts',
    find: '        screen.write(dialect.screen.messageNotSent);\n        continue;',
    replace: '        screen.write(dialect.screen.messageNotSent);\n        mayHaveRun.length = 0;\n        continue;',
    breaks: 'UNKNOWN-2: declining once disarms the gate: the next message goes out unasked',
  },
  {
    id: 'unknown-gate-declined-still-sent',
    file: 'chat/chat-loop.ts',
    find: '        screen.write(dialect.screen.messageNotSent);\n        continue;',
    replace: '        screen.write(dialect.screen.messageNotSent);',
    breaks: 'UNKNOWN-2: a message the user declined at the gate is sent anyway',
  },
  {
    id: 'unknown-gate-only-n-declines',
    file: 'chat/chat-loop.ts',
    find: '      if (!dialect.confirmsUnknown(answer)) {',
    replace: "      if (answer?.trim().toLowerCase() === 'n') {",
    breaks: 'UNKNOWN-2: only "n" declines at the gate; Enter (the [y/N] default) or end of input sends the message',
  },
  {
    id: 'unknown-gate-eof-sends',
    file: 'chat/chat-loop.ts',
    find: '      if (!dialect.confirmsUnknown(answer)) {',
    replace: '      if (answer !== null && !dialect.confirmsUnknown(answer)) {',
    breaks: 'UNKNOWN-2: end of input at the gate (no answer at all) sends the message; only a typed answer can decline',
  },
  {
    id: 'unknown-gate-only-timeouts',
    file: 'chat/mcp-action.ts',
    find: "  if (outcome.status === 'unknown') ctx.onUnknown({ server: action.tool.server, tool: action.tool.originalName });",
    replace:
      "  if (outcome.status === 'unknown' && /within/.test(outcome.output)) ctx.onUnknown({ server: action.tool.server, tool: action.tool.originalName });",
    breaks: 'UNKNOWN-2: only a timed-out call arms the gate; a drop, a dead server or an interrupt does not',
  },
  {
    id: 'unknown-gate-not-armed-by-interrupt',
    file: 'chat/mcp-action.ts',
    find: "  if (outcome.status === 'unknown') ctx.onUnknown({ server: action.tool.server, tool: action.tool.originalName });",
    replace:
      "  if (outcome.status === 'unknown' && !/interrupted/.test(outcome.output)) ctx.onUnknown({ server: action.tool.server, tool: action.tool.originalName });",
    breaks: 'UNKNOWN-2: a call the user interrupted does not arm the gate (as if interrupting meant the user knew), though it may have run',
  },
  {
    id: 'unknown-gate-armed-once',
    file: 'chat/chat-loop.ts',
    find: '  const turnContext: TurnContext = { ...ctx, onUnknown: (call) => mayHaveRun.push(call) };',
    replace:
      '  let gateUsed = false;\n  const turnContext: TurnContext = { ...ctx, onUnknown: (call) => { if (!gateUsed) { gateUsed = true; mayHaveRun.push(call); } } };',
    breaks: 'UNKNOWN-2: the gate is armed only by the first unknown outcome of a session, not by the second',
  },
  {
    id: 'unknown-gate-skipped-for-prompts',
    file: 'chat/chat-loop.ts',
    find: '    if (mayHaveRun.length > 0) {',
    replace: '    if (mayHaveRun.length > 0 && !isPromptCommand(text)) {',
    breaks: 'UNKNOWN-2: a /prompt command after an unknown outcome is sent without the confirmation',
  },
];

export const APPROVAL_RESULT_MUTANTS: readonly Mutant[] = [...APPROVE, ...RESULT, ...UNKNOWN];
