// Source mutants of refhost for APPROVE-1..3/5/6, RESULT-1..3/5..9 and UNKNOWN-1/2: when the
// confirmation is asked, what it shows and which answers approve; what a call's outcome tells
// the model; the gate after an outcome nobody knows. Their checks are in checks-approval-results.ts
// (APPROVE-1..3 and RESULT-3 are graded by check-helpers.ts alone, so they stay with their
// family); RESULT-4's deadline is in mutants-deadlines.ts.
import type { Mutant } from './mutant-build.js';
import { APPROVE_STEP, CLASSIFY_ABORTED } from './mutant-anchors.js';

const ASK = `    const answer = await interrupts.abortable((signal) => screen.ask(dialect.screen.approvePrompt, signal));`;
const ASK_AND_DECIDE =
  "    screen.write(dialect.screen.confirmation(tool, args, trust));\n    const answer = await interrupts.abortable((signal) => screen.ask(dialect.screen.approvePrompt, signal));\n    screen.write('\\n');\n    return dialect.approves(answer);";
const ARMS_GATE = "  if (outcome.status === 'unknown') ctx.onUnknown({ server: action.tool.server, tool: action.tool.originalName });";
const GATE_DECLINED = '        screen.write(dialect.screen.messageNotSent);\n        continue;\n      }\n      mayHaveRun.length = 0;\n    }';
const SEND_REQUEST = '      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS });';

const APPROVE: readonly Mutant[] = [
  {
    id: 'approve-auto-after-idle',
    seam: 'askUserApproval',
    find: ASK,
    replace:
      "    const answer = await Promise.race([interrupts.abortable((signal) => screen.ask(dialect.screen.approvePrompt, signal)), new Promise<string>((resolve) => setTimeout(() => resolve('y'), 20_000).unref())]);",
    breaks: 'APPROVE-1: a question left unanswered for 20 s approves itself instead of waiting',
  },
  {
    id: 'approve-skip-argumentless-calls',
    seam: 'decideAndSend',
    find: '  const approved = await ctx.approve({ tool: action.tool, args: action.args, trust: ctx.policy?.trust(action.tool.server) });',
    replace:
      '  const approved = Object.keys(action.args).length === 0 || (await ctx.approve({ tool: action.tool, args: action.args, trust: ctx.policy?.trust(action.tool.server) }));',
    breaks: 'APPROVE-1: a call without arguments ("nothing to confirm") is sent without asking',
  },
  {
    id: 'approve-readonly-description-skips',
    seam: 'decideAndSend',
    find: APPROVE_STEP,
    replace:
      '  const approved = /\\bread[- ]?only\\b/i.test(action.tool.description) || (await ctx.approve({ tool: action.tool, args: action.args, trust: ctx.policy?.trust(action.tool.server) }));',
    breaks: 'APPROVE-1: a tool whose description says it is read-only is called without asking',
  },
  {
    id: 'approve-lookup-names-skip',
    seam: 'decideAndSend',
    find: APPROVE_STEP,
    replace:
      '  const approved = /^(get|list|read|search|fetch|find)/i.test(action.tool.originalName) || (await ctx.approve({ tool: action.tool, args: action.args, trust: ctx.policy?.trust(action.tool.server) }));',
    breaks: 'APPROVE-1: tools whose names look like look-ups (get_, list_, search...) are called without asking',
  },
  {
    id: 'approve-sticky-per-tool',
    seam: 'askUserApproval',
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
    id: 'approve-same-call-remembered',
    seam: 'askUserApproval',
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
    seam: 'askUserApproval',
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
    id: 'approve-answer-starts-with-y',
    seam: 'isYes',
    find: "return normalised === 'y' || normalised === 'yes';",
    replace: "return normalised.startsWith('y');",
    breaks: 'APPROVE-3: "yep", "yolo", "y-no" and any other answer starting with y approve',
  },
  {
    id: 'approve-answer-includes-y',
    seam: 'isYes',
    find: "return normalised === 'y' || normalised === 'yes';",
    replace: "return normalised.includes('y');",
    breaks: 'APPROVE-3: any answer containing a y ("any", "nay", "why?") approves',
  },
  {
    id: 'approve-empty-answer-approves',
    seam: 'isYes',
    find: "return normalised === 'y' || normalised === 'yes';",
    replace: "return normalised === '' || normalised === 'y' || normalised === 'yes';",
    breaks: 'APPROVE-3: an empty answer (Enter) approves, so the default is yes',
  },
  {
    id: 'approve-anything-but-no',
    seam: 'isYes',
    find: "return normalised === 'y' || normalised === 'yes';",
    replace: "return normalised !== '' && normalised !== 'n' && normalised !== 'no';",
    breaks: 'APPROVE-3: any non-empty answer other than n/no ("ok", "later", "stop") approves',
  },
  {
    id: 'approve-ok-and-sure-approve',
    seam: 'isYes',
    find: "return normalised === 'y' || normalised === 'yes';",
    replace: "return ['y', 'yes', 'ok', 'sure', 'go'].includes(normalised);",
    breaks: 'APPROVE-3: "ok", "sure" and "go" approve although only yes may',
  },
  {
    id: 'approve-eof-approves',
    seam: 'askUserApproval',
    find: '    return dialect.approves(answer);',
    replace: '    return answer === null || dialect.approves(answer);',
    breaks: 'APPROVE-3: end of input at the approval question approves (closed stdin of a script = yes)',
  },
  {
    id: 'approve-empty-answer-asks-again',
    seam: 'askUserApproval',
    find: "    const answer = await interrupts.abortable((signal) => screen.ask(dialect.screen.approvePrompt, signal));\n    screen.write('\\n');",
    replace:
      "    let answer = await interrupts.abortable((signal) => screen.ask(dialect.screen.approvePrompt, signal));\n    if (answer !== null && answer.trim() === '') answer = await interrupts.abortable((signal) => screen.ask(dialect.screen.approvePrompt, signal));\n    screen.write('\\n');",
    breaks: 'APPROVE-3: an empty answer does not deny: the question is asked again and the next line decides',
  },
  {
    id: 'approve-args-cut-in-characters',
    seam: 'formatArgumentsForDisplay',
    find: '  const shown = prefixWithinBytes(formatted, ARGUMENTS_DISPLAY_BYTES);',
    replace: "  const shown = Array.from(formatted).slice(0, ARGUMENTS_DISPLAY_BYTES).join('');",
    breaks: 'APPROVE-5: the arguments are cut at 2048 characters, not bytes (up to 8 KiB of non-ASCII shown)',
  },
  {
    id: 'approve-args-cut-at-1k',
    seam: 'ARGUMENTS_DISPLAY_BYTES',
    find: 'export const ARGUMENTS_DISPLAY_BYTES = 2048;',
    replace: 'export const ARGUMENTS_DISPLAY_BYTES = 1024;',
    breaks: 'APPROVE-5: the arguments are cut at 1 KiB, so arguments well under 2 KiB are cut too',
  },
  {
    id: 'approve-args-compact-json',
    seam: 'formatArgumentsForDisplay',
    find: '  const formatted = JSON.stringify(args, null, 2);',
    replace: '  const formatted = JSON.stringify(args);',
    breaks: 'APPROVE-5: the arguments are shown as one compact JSON line, not formatted',
  },
  {
    id: 'approve-args-tail-shown',
    seam: 'formatArgumentsForDisplay',
    find: '  const shown = prefixWithinBytes(formatted, ARGUMENTS_DISPLAY_BYTES);',
    replace: '  const shown = formatted.slice(-ARGUMENTS_DISPLAY_BYTES);',
    breaks: 'APPROVE-5: long arguments show their end instead of their start',
  },
  {
    id: 'approve-destination-command-only',
    seam: 'confirmationText',
    find: '    `Destination: ${quoted(tool.destination)}`,',
    replace: "    `Destination: ${quoted(tool.destination.split(' ')[0] ?? '')}`,",
    breaks: 'APPROVE-5: a stdio destination shows the command without its arguments',
  },
  {
    id: 'approve-exposed-name-as-tool',
    seam: 'confirmationText',
    find: '    `Tool: ${quoted(tool.originalName)}`,',
    replace: '    `Tool: ${quoted(tool.exposedName)}`,',
    breaks: "APPROVE-5: the confirmation shows the offered name instead of the tool's original name",
  },
  {
    id: 'approve-no-warning',
    seam: 'confirmationText',
    find: "    'Arguments are sent to this MCP server. The host cannot control what the server does with them.',\n",
    replace: "    'Arguments are sent to this MCP server.',\n",
    breaks: 'APPROVE-5: the warning that the host cannot control the server is missing',
  },
  {
    id: 'approve-confirm-server-line-dropped',
    seam: 'confirmationText',
    find: '    `Server: ${quoted(tool.server)}`,\n',
    replace: '',
    breaks: 'APPROVE-5: the confirmation does not name the server (only the offered tool name, which may hide it)',
  },
  {
    id: 'approve-args-bound-on-compact-json',
    seam: 'formatArgumentsForDisplay',
    find: "  const total = Buffer.byteLength(formatted, 'utf8');",
    replace: "  const total = Buffer.byteLength(JSON.stringify(args), 'utf8');",
    breaks: 'APPROVE-5: the 2 KiB bound is measured on the compact JSON: formatted arguments well over 2 KiB are shown uncut',
  },
  {
    id: 'approve-args-cut-unmarked',
    seam: 'formatArgumentsForDisplay',
    find: "  return `${shown}\\n${marker(Buffer.byteLength(shown, 'utf8'), total)}`;",
    replace: '  return shown;',
    breaks: 'APPROVE-5: arguments over 2 KiB are cut without any mark of the cut',
  },
  {
    id: 'approve-slow-call-backgrounded',
    seam: 'decideAndSend',
    find: '    outcome = await ctx.interrupts.abortable((signal) => action.send(signal));',
    replace:
      "    outcome = await Promise.race([ctx.interrupts.abortable((signal) => action.send(signal)), new Promise<CallOutcome>((resolve) => setTimeout(() => resolve({ status: 'completed', output: 'The call is still running in the background.' }), 250))]);",
    breaks: 'APPROVE-6: a call slower than 250 ms is left running and the next call is asked for and sent meanwhile',
  },
];

const RESULT: readonly Mutant[] = [
  {
    id: 'result-image-as-base64',
    seam: 'renderBlock',
    find: "  if (media.success) return { text: `[${media.data.type} omitted: ${media.data.mimeType ?? 'unknown type'}]`, isText: false };",
    replace: '  if (media.success) return { text: `[${media.data.type}: ${String((block as { data?: unknown }).data)}]`, isText: false };',
    breaks: 'RESULT-1: images and audio reach the model as base64',
  },
  {
    id: 'result-audio-as-base64',
    seam: 'renderBlock',
    find: "  if (media.success) return { text: `[${media.data.type} omitted: ${media.data.mimeType ?? 'unknown type'}]`, isText: false };",
    replace:
      "  if (media.success) return { text: media.data.type === 'audio' ? String((block as { data?: unknown }).data) : `[${media.data.type} omitted: ${media.data.mimeType ?? 'unknown type'}]`, isText: false };",
    breaks: 'RESULT-1: audio (only audio) reaches the model as base64',
  },
  {
    id: 'result-media-counts-as-text',
    seam: 'renderBlock',
    find: "  if (media.success) return { text: `[${media.data.type} omitted: ${media.data.mimeType ?? 'unknown type'}]`, isText: false };",
    replace: "  if (media.success) return { text: `[${media.data.type} omitted: ${media.data.mimeType ?? 'unknown type'}]`, isText: true };",
    breaks: 'RESULT-1: a result of an image plus structuredContent loses the structuredContent (the image counts as text)',
  },
  {
    id: 'result-embedded-blob-as-base64',
    seam: 'renderBlock',
    find: '      : { text: `[binary resource omitted: ${uri}]`, isText: false };',
    replace: "      : { text: `[resource ${uri}]\\n${resource.data.resource.blob ?? ''}`, isText: true };",
    breaks: 'RESULT-1: an embedded binary resource reaches the model as base64',
  },
  {
    id: 'result-structured-content-ignored',
    seam: 'mapCallResult',
    find: '  if (!blocks.some((b) => b.isText) && parsed.data.structuredContent !== undefined) {',
    replace: '  if (false && parsed.data.structuredContent !== undefined) {',
    breaks: 'RESULT-1: structuredContent is ignored when there is no text',
  },
  {
    id: 'result-text-blocks-reversed',
    seam: 'mapCallResult',
    find: "  const text = parts.length > 0 ? parts.join('\\n') : '(the tool returned no content)';",
    replace: "  const text = parts.length > 0 ? parts.reverse().join('\\n') : '(the tool returned no content)';",
    breaks: 'RESULT-1: content blocks reach the model in reverse order',
  },
  {
    id: 'result-link-without-uri',
    seam: 'renderBlock',
    find: "    return { text: `[resource link: ${link.data.name ?? '(unnamed)'} ${link.data.uri ?? '(no uri)'} — not opened]`, isText: false };",
    replace: "    return { text: `[resource link: ${link.data.name ?? '(unnamed)'} — not opened]`, isText: false };",
    breaks: 'RESULT-1: a resource link is listed by name only, without its URI',
  },
  {
    id: 'result-links-prefetched',
    seam: 'ServerSession.callTool',
    find: '    return sent.ok ? mapCallResult(sent.raw) : sent.outcome;',
    replace:
      "    if (sent.ok) for (const b of ((sent.raw as { content?: { type?: string; uri?: string }[] }).content ?? [])) if (b.type === 'resource_link' && b.uri) await this.readResource(b.uri, timeoutMs).catch(() => undefined);\n    return sent.ok ? mapCallResult(sent.raw) : sent.outcome;",
    breaks: 'RESULT-1: resource links in a result are read (prefetched) from the server',
  },
  {
    id: 'result-first-text-block-only',
    seam: 'mapCallResult',
    find: "  const text = parts.length > 0 ? parts.join('\\n') : '(the tool returned no content)';",
    replace: "  const text = parts.length > 0 ? (parts[0] ?? '') : '(the tool returned no content)';",
    breaks: 'RESULT-1: only the first content block reaches the model; later text blocks are lost',
  },
  {
    id: 'result-structured-only-without-content',
    seam: 'mapCallResult',
    find: '  if (!blocks.some((b) => b.isText) && parsed.data.structuredContent !== undefined) {',
    replace: '  if (blocks.length === 0 && parsed.data.structuredContent !== undefined) {',
    breaks: 'RESULT-1: structuredContent is used only when there is no content at all, not when there is no text (an image alone hides it)',
  },
  {
    id: 'result-is-error-completed',
    seam: 'mapCallResult',
    find: "  if (parsed.data.isError === true) return capOutput('failed', text);",
    replace: '',
    breaks: 'RESULT-2: isError true gives status completed',
  },
  {
    id: 'result-is-error-generic-text',
    seam: 'mapCallResult',
    find: "  if (parsed.data.isError === true) return capOutput('failed', text);",
    replace: "  if (parsed.data.isError === true) return capOutput('failed', 'The tool reported an error.');",
    breaks: "RESULT-2: an isError result loses the server's message",
  },
  {
    id: 'result-rpc-error-code-only',
    seam: 'ServerSession.classifyCallError',
    find: '    if (error instanceof ProtocolError) return failedOutcome(serverMessage(error));',
    replace: '    if (error instanceof ProtocolError) return failedOutcome(`JSON-RPC error ${error.code}`);',
    breaks: "RESULT-2: a JSON-RPC error gives failed with its code only, not the server's message",
  },
  {
    id: 'result-rpc-error-unknown',
    seam: 'ServerSession.classifyCallError',
    find: '    if (error instanceof ProtocolError) return failedOutcome(serverMessage(error));',
    replace: '    if (error instanceof ProtocolError) return unknownOutcome(serverMessage(error));',
    breaks: 'RESULT-2: a JSON-RPC error gives status unknown instead of failed',
  },
  {
    id: 'result-is-error-empty-completed',
    seam: 'mapCallResult',
    find: "  if (parsed.data.isError === true) return capOutput('failed', text);",
    replace: "  if (parsed.data.isError === true && blocks.length > 0) return capOutput('failed', text);",
    breaks: 'RESULT-2: an isError result without content blocks gives status completed',
  },
  {
    id: 'result-denied-as-failed',
    seam: 'decideAndSend',
    find: "  if (!approved) return { outcome: { status: 'denied', output: 'The user denied this call; nothing was sent to the MCP server.' }, latencyMs: 0 };",
    replace:
      "  if (!approved) return { outcome: { status: 'failed', output: 'The user denied this call; nothing was sent to the MCP server.' }, latencyMs: 0 };",
    breaks: 'RESULT-3: a denied call gives status failed',
  },
  {
    id: 'result-closed-as-failed',
    seam: 'ServerSession.classifyCallError',
    find: '    if (this.closed) return unknownOutcome(causeText(this.closedReason()));',
    replace: '    if (this.closed) return failedOutcome(this.closedReason());',
    breaks: 'RESULT-5: a call whose connection closed (server died) after sending gives failed',
  },
  {
    id: 'result-network-error-failed',
    seam: 'ServerSession.classifyCallError',
    find: '    return unknownOutcome(causeText(`The request failed: ${error instanceof Error ? error.message : String(error)}`));',
    replace: '    return failedOutcome(`The request failed: ${error instanceof Error ? error.message : String(error)}`);',
    breaks: 'RESULT-5: a request that failed at the network level after sending gives failed',
  },
  {
    id: 'result-dropped-stream-failed',
    seam: 'ServerSession.classifyCallError',
    find: CLASSIFY_ABORTED,
    replace:
      "    if (signal.aborted) return isMcpLayerError(signal.reason, 'closed') ? failedOutcome(reasonText(signal.reason)) : unknownOutcome(reasonText(signal.reason));",
    breaks: 'RESULT-5: a connection that drops (or a server that dies) after the call was sent gives status failed',
  },
  {
    id: 'result-oversize-failed',
    seam: 'ServerSession.classifyCallError',
    find: '    if (signal.aborted) return unknownOutcome(reasonText(signal.reason));',
    replace:
      "    if (signal.aborted) return isMcpLayerError(signal.reason, 'oversize') ? failedOutcome(reasonText(signal.reason)) : unknownOutcome(reasonText(signal.reason));",
    breaks: 'RESULT-6: an answer over 1 MiB gives status failed',
  },
  {
    id: 'result-interrupt-denied',
    seam: 'ServerSession.classifyCallError',
    find: '    if (signal.aborted) return unknownOutcome(reasonText(signal.reason));',
    replace:
      "    if (signal.aborted) return isMcpLayerError(signal.reason, 'interrupted') ? { status: 'denied', output: 'Cancelled by the user.' } : unknownOutcome(reasonText(signal.reason));",
    breaks: 'RESULT-7: a call the user interrupted after sending gives status denied',
  },
  {
    id: 'result-interrupt-not-sent',
    seam: 'ServerSession.classifyCallError',
    find: CLASSIFY_ABORTED,
    replace:
      "    if (signal.aborted) return isMcpLayerError(signal.reason, 'interrupted') ? notSentOutcome('The call was cancelled by the user') : unknownOutcome(reasonText(signal.reason));",
    breaks: 'RESULT-7: a call interrupted after it was sent is reported as failed and not sent',
  },
  {
    id: 'result-oversize-completed',
    seam: 'capOutput',
    find: "    status: status === 'completed' ? 'output_limit' : status,",
    replace: '    status,',
    breaks: 'RESULT-8: a result over 64 KiB is cut but keeps status completed',
  },
  {
    id: 'result-output-limit-64000',
    seam: 'LIMITS',
    find: '  outputBytes: 64 * 1024,',
    replace: '  outputBytes: 64 * 1000,',
    breaks: 'RESULT-8: the output limit is 64 000 bytes, not 64 KiB',
  },
  {
    id: 'result-output-limit-characters',
    seam: 'capOutput',
    find: "  const total = Buffer.byteLength(text, 'utf8');\n  if (total <= limit) return { status, output: text };",
    replace: "  const total = Buffer.byteLength(text, 'utf8');\n  if (text.length <= limit) return { status, output: text };",
    breaks: 'RESULT-8: the limit counts characters, so up to 256 KiB of non-ASCII text passes uncut as completed',
  },
  {
    id: 'result-output-limit-off-by-one',
    seam: 'capOutput',
    find: '  if (total <= limit) return { status, output: text };',
    replace: '  if (total < limit) return { status, output: text };',
    breaks: 'RESULT-8: a result of exactly 64 KiB is cut and marked output_limit',
  },
  {
    id: 'result-output-keeps-tail',
    seam: 'capOutput',
    find: "    output: cutUtf8(text, limit - Buffer.byteLength(marker, 'utf8')) + marker,",
    replace: "    output: Buffer.from(text, 'utf8').subarray(total - (limit - Buffer.byteLength(marker, 'utf8'))).toString('utf8') + marker,",
    breaks: 'RESULT-8: an oversized result keeps its last part, not its first',
  },
  {
    id: 'result-output-head-and-tail',
    seam: 'capOutput',
    find: "    output: cutUtf8(text, limit - Buffer.byteLength(marker, 'utf8')) + marker,",
    replace:
      "    output: cutUtf8(text, (limit - Buffer.byteLength(marker, 'utf8')) / 2) + Buffer.from(text, 'utf8').subarray(total - (limit - Buffer.byteLength(marker, 'utf8')) / 2).toString('utf8') + marker,",
    breaks: 'RESULT-8: an oversized result keeps its head and its tail, dropping the middle, not the first part',
  },
  {
    id: 'result-middle-elided-as-completed',
    seam: 'capOutput',
    find: '  if (total <= limit) return { status, output: text };',
    replace:
      "  if (total > limit / 2) return { status, output: cutUtf8(text, limit / 4) + '\\n[...]\\n' + Buffer.from(text, 'utf8').subarray(total - limit / 4).toString('utf8') };\n  if (total <= limit) return { status, output: text };",
    breaks: 'RESULT-8: results over 32 KiB lose their middle (head and tail kept) and still say completed',
  },
  {
    id: 'result-error-text-uncapped',
    seam: 'mapCallResult',
    find: "  if (parsed.data.isError === true) return capOutput('failed', text);",
    replace: "  if (parsed.data.isError === true) return { status: 'failed', output: text };",
    breaks: 'RESULT-8: an isError result over 64 KiB reaches the model whole',
  },
  {
    id: 'result-output-bound-on-json-form',
    seam: 'capOutput',
    find: "  const total = Buffer.byteLength(text, 'utf8');\n  if (total <= limit) return { status, output: text };",
    replace: "  const total = Buffer.byteLength(JSON.stringify(text), 'utf8');\n  if (total <= limit) return { status, output: text };",
    breaks: 'RESULT-8: the 64 KiB bound is measured on the JSON-escaped text: a result under 64 KiB with quotes or newlines is cut and marked output_limit',
  },
  {
    id: 'result-output-cut-unmarked',
    seam: 'capOutput',
    find: "    output: cutUtf8(text, limit - Buffer.byteLength(marker, 'utf8')) + marker,",
    replace: '    output: cutUtf8(text, limit),',
    breaks: 'RESULT-8: a result over 64 KiB is cut without a truncation mark',
  },
  {
    id: 'result-unknown-without-retry-note',
    seam: 'unknownOutcomeText',
    find: "    'The outcome of this call is unknown: the MCP server may have received it and acted on it. ' +\n    'Do not retry this call automatically; tell the user and let them decide.'",
    replace: "    'The outcome of this call is unknown: the MCP server may have received it and acted on it.'",
    breaks: 'RESULT-9: the unknown outcome does not say that the call must not be retried',
  },
  {
    id: 'result-aborted-unknown-bare',
    seam: 'ServerSession.classifyCallError',
    find: '    if (signal.aborted) return unknownOutcome(reasonText(signal.reason));',
    replace: "    if (signal.aborted) return { status: 'unknown', output: reasonText(signal.reason) };",
    breaks: 'RESULT-9: an unknown outcome after a timeout, interrupt or oversize carries no may-have-acted warning',
  },
  {
    id: 'result-closed-unknown-bare',
    seam: 'ServerSession.classifyCallError',
    find: '    if (this.closed) return unknownOutcome(causeText(this.closedReason()));',
    replace: "    if (this.closed) return { status: 'unknown', output: causeText(this.closedReason()) };",
    breaks: 'RESULT-9: the unknown outcome of a call whose server died carries no may-have-acted warning',
  },
  {
    id: 'result-replayed-pending-no-warning',
    seam: 'MISSING_OUTPUT_TEXT',
    find: "  'No result was recorded for this call (the host stopped while it was pending); the server may have acted. Do not retry it automatically.';",
    replace: "  'No result was recorded for this call (the host stopped while it was pending).';",
    breaks: 'RESULT-9: a resumed call that was pending when the host stopped is unknown without the may-have-acted warning',
  },
  {
    id: 'result-interrupt-unknown-bare',
    seam: 'ServerSession.classifyCallError',
    find: CLASSIFY_ABORTED,
    replace:
      "    if (signal.aborted) return isMcpLayerError(signal.reason, 'interrupted') ? { status: 'unknown', output: reasonText(signal.reason) } : unknownOutcome(reasonText(signal.reason));",
    breaks: 'RESULT-9: an interrupted call is unknown without the note that the server may have acted and it must not be retried',
  },
];

const UNKNOWN: readonly Mutant[] = [
  {
    id: 'unknown-resend-after-timeout',
    seam: 'ServerSession.send',
    find: '      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS });',
    replace:
      "      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS }).catch((e: unknown) => (isMcpLayerError(call.signal.reason, 'timeout') ? this.client.request({ method, params }, schema, { timeout: timeoutMs }) : Promise.reject(e)));",
    breaks: 'UNKNOWN-1: a call that timed out is sent once more',
  },
  {
    id: 'unknown-resend-after-network-error',
    seam: 'ServerSession.send',
    find: '      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS });',
    replace:
      '      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS }).catch((e: unknown) => (e instanceof ProtocolError || signal.aborted ? Promise.reject(e) : this.client.request({ method, params }, schema, { timeout: timeoutMs })));',
    breaks: 'UNKNOWN-1: a call whose request failed at the network level is sent once more',
  },
  {
    id: 'unknown-http-reconnects',
    seam: 'createHttpTransport',
    find: '    reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 0, maxReconnectionDelay: 0, reconnectionDelayGrowFactor: 1 },',
    replace: '    reconnectionOptions: { maxRetries: 2, initialReconnectionDelay: 0, maxReconnectionDelay: 0, reconnectionDelayGrowFactor: 1 },',
    breaks: 'UNKNOWN-1: the Streamable HTTP transport reconnects (transport-level retry) after a dropped stream',
  },
  {
    id: 'unknown-fetch-retry',
    seam: 'createGuardedFetch',
    find: "    const response = await baseFetch(input, { ...init, redirect: 'manual' });",
    replace: "    const response = await baseFetch(input, { ...init, redirect: 'manual' }).catch(() => baseFetch(input, { ...init, redirect: 'manual' }));",
    breaks: 'UNKNOWN-1: an HTTP request that failed (connection dropped) is sent once more',
  },
  {
    id: 'unknown-resend-after-oversize',
    seam: 'ServerSession.send',
    find: SEND_REQUEST,
    replace:
      "      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS }).catch((e: unknown) => (isMcpLayerError(signal.reason, 'oversize') ? this.client.request({ method, params }, schema, { timeout: timeoutMs }) : Promise.reject(e)));",
    breaks: 'UNKNOWN-1: a call whose answer was over the message limit is sent a second time',
  },
  {
    id: 'unknown-resend-after-drop',
    seam: 'ServerSession.send',
    find: SEND_REQUEST,
    replace:
      "      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS }).catch((e: unknown) => (isMcpLayerError(signal.reason, 'closed') && !this.closed ? this.client.request({ method, params }, schema, { timeout: timeoutMs }) : Promise.reject(e)));",
    breaks: 'UNKNOWN-1: a call whose stream dropped is sent again while the connection is still open',
  },
  {
    id: 'unknown-gate-disarmed-by-decline',
    seam: 'chatLoop',
    find: '        screen.write(dialect.screen.messageNotSent);\n        continue;',
    replace: '        screen.write(dialect.screen.messageNotSent);\n        mayHaveRun.length = 0;\n        continue;',
    breaks: 'UNKNOWN-2: declining once disarms the gate: the next message goes out unasked',
  },
  {
    id: 'unknown-gate-declined-still-sent',
    seam: 'chatLoop',
    find: '        screen.write(dialect.screen.messageNotSent);\n        continue;',
    replace: '        screen.write(dialect.screen.messageNotSent);',
    breaks: 'UNKNOWN-2: a message the user declined at the gate is sent anyway',
  },
  {
    id: 'unknown-gate-only-n-declines',
    seam: 'chatLoop',
    find: '      if (!dialect.confirmsUnknown(answer)) {',
    replace: "      if (answer?.trim().toLowerCase() === 'n') {",
    breaks: 'UNKNOWN-2: only "n" declines at the gate; Enter (the [y/N] default) or end of input sends the message',
  },
  {
    id: 'unknown-gate-eof-sends',
    seam: 'chatLoop',
    find: '      if (!dialect.confirmsUnknown(answer)) {',
    replace: '      if (answer !== null && !dialect.confirmsUnknown(answer)) {',
    breaks: 'UNKNOWN-2: end of input at the gate (no answer at all) sends the message; only a typed answer can decline',
  },
  {
    id: 'unknown-gate-only-timeouts',
    seam: 'decideAndSend',
    find: "  if (outcome.status === 'unknown') ctx.onUnknown({ server: action.tool.server, tool: action.tool.originalName });",
    replace:
      "  if (outcome.status === 'unknown' && /within/.test(outcome.output)) ctx.onUnknown({ server: action.tool.server, tool: action.tool.originalName });",
    breaks: 'UNKNOWN-2: only a timed-out call arms the gate; a drop, a dead server or an interrupt does not',
  },
  {
    id: 'unknown-gate-not-armed-by-interrupt',
    seam: 'decideAndSend',
    find: "  if (outcome.status === 'unknown') ctx.onUnknown({ server: action.tool.server, tool: action.tool.originalName });",
    replace:
      "  if (outcome.status === 'unknown' && !/interrupted/.test(outcome.output)) ctx.onUnknown({ server: action.tool.server, tool: action.tool.originalName });",
    breaks: 'UNKNOWN-2: a call the user interrupted does not arm the gate (as if interrupting meant the user knew), though it may have run',
  },
  {
    id: 'unknown-gate-armed-once',
    seam: 'chatLoop',
    find: '  const turnContext: TurnContext = { ...ctx, onUnknown: (call) => mayHaveRun.push(call) };',
    replace:
      '  let gateUsed = false;\n  const turnContext: TurnContext = { ...ctx, onUnknown: (call) => { if (!gateUsed) { gateUsed = true; mayHaveRun.push(call); } } };',
    breaks: 'UNKNOWN-2: the gate is armed only by the first unknown outcome of a session, not by the second',
  },
  {
    id: 'unknown-gate-skipped-for-prompts',
    seam: 'chatLoop',
    find: '    if (mayHaveRun.length > 0) {',
    replace: '    if (mayHaveRun.length > 0 && !isPromptCommand(text)) {',
    breaks: 'UNKNOWN-2: a /prompt command after an unknown outcome is sent without the confirmation',
  },
  {
    id: 'unknown-gate-not-armed-by-reads',
    seam: 'decideAndSend',
    find: ARMS_GATE,
    replace: "  if (outcome.status === 'unknown' && action.kind === 'tool') ctx.onUnknown({ server: action.tool.server, tool: action.tool.originalName });",
    breaks: 'UNKNOWN-2: a resource read that ended unknown does not hold back the next message',
  },
  {
    id: 'unknown-gate-decline-quits',
    seam: 'chatLoop',
    find: GATE_DECLINED,
    replace: GATE_DECLINED.replace('        continue;', '        return;'),
    breaks: 'UNKNOWN-2: declining the confirmation ends the host (the user must restart)',
  },
  {
    id: 'unknown-gate-confirm-drops-message',
    seam: 'chatLoop',
    find: GATE_DECLINED,
    replace: GATE_DECLINED.replace('      mayHaveRun.length = 0;\n    }', '      mayHaveRun.length = 0;\n      continue;\n    }'),
    breaks: 'UNKNOWN-2: confirming clears the gate but drops the message: it is never sent',
  },
];

export const APPROVAL_RESULT_MUTANTS: readonly Mutant[] = [...APPROVE, ...RESULT, ...UNKNOWN];
