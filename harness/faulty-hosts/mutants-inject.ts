// Source mutants of refhost for INJECT-1..4 (issue 13): one-line bugs a host developer would
// plausibly write, each breaking exactly one guarantee. INJECT-2 gets one mutant per
// character class and per server-controlled field shown on screen.
import type { Mutant } from './mutant-build.js';

const UNSAFE = 'const UNSAFE = /[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Cs}\\u115F\\u1160\\u3164\\uFFA0\\u{E0000}-\\u{E007F}]/u;';
/** UNSAFE with one part of its character class replaced. */
const unsafe = (part: string, by: string): Pick<Mutant, 'file' | 'find' | 'replace'> => ({
  file: 'ui/neutralise.ts',
  find: UNSAFE,
  replace: UNSAFE.replace(part, by),
});
const KEEP = "    options.multiline === true && (ch === '\\n' || ch === '\\t') ? ch : escapeCodePoint(ch),";
const keeps = (extra: string): Pick<Mutant, 'file' | 'find' | 'replace'> => ({
  file: 'ui/neutralise.ts',
  find: KEEP,
  replace: KEEP.replace("ch === '\\t')", `ch === '\\t' || ch === '${extra}')`),
});
const ADD_OUTPUT =
  "      ctx.conversation.add({ type: 'function_call_output', call_id: call.call_id, output: ctx.dialect.results.write(outcome.status, outcome.output) });";
const PATTERN_IGNORE =
  '  /\\b(?:ignore|disregard|forget|override)\\s+(?:all\\s+|any\\s+|the\\s+)?(?:previous\\s+|prior\\s+|above\\s+|earlier\\s+|other\\s+|your\\s+)?instructions\\b/i,\n';
const PIN_DEFINITION =
  '  const definition = { name: tool.originalName, description: tool.serverDescription ?? tool.description, inputSchema: tool.parameters };';

const INJECT_1: readonly Mutant[] = [
  {
    id: 'inject-result-echoed-as-user',
    file: 'chat/turn-loop.ts',
    find: ADD_OUTPUT,
    replace:
      ADD_OUTPUT +
      "\n      if (ctx.catalog.resolve(call.name)?.kind === 'mcp') ctx.conversation.add({ type: 'message', role: 'user', content: `[${call.name} returned] ${outcome.output}` });",
    breaks: 'INJECT-1: every MCP result is also added as a user message',
  },
  {
    id: 'inject-error-echoed-as-user',
    file: 'chat/turn-loop.ts',
    find: ADD_OUTPUT,
    replace:
      ADD_OUTPUT +
      "\n      if (outcome.status === 'failed') ctx.conversation.add({ type: 'message', role: 'user', content: `The tool failed: ${outcome.output}` });",
    breaks: 'INJECT-1: the error text of a failed call is also added as a user message',
  },
  {
    id: 'inject-descriptions-in-user-preamble',
    file: 'chat/turn-loop.ts',
    find: "  ctx.conversation.add({ type: 'message', role: 'user', content: userText });",
    replace:
      "  ctx.conversation.add({ type: 'message', role: 'user', content: `${userText}\\n\\n(Tools: ${ctx.catalog.definitions.map((d) => `${d.name}: ${d.description.split('\\n')[0]}`).join('; ')})` });",
    breaks: "INJECT-1: the tools' descriptions are appended to the user's message",
  },
];

const INJECT_2: readonly Mutant[] = [
  {
    id: 'inject-c1-not-escaped',
    ...unsafe('\\p{Cc}', '\\x00-\\x1f\\x7f'),
    breaks: 'INJECT-2: C1 controls (U+0080-U+009F, e.g. the one-byte CSI U+009B) reach the screen raw',
  },
  { id: 'inject-del-not-escaped', ...unsafe('\\p{Cc}', '\\x00-\\x1f\\x80-\\x9f'), breaks: 'INJECT-2: DEL (U+007F) reaches the screen raw' },
  { id: 'inject-line-separators-raw', ...unsafe('\\p{Zl}\\p{Zp}', ''), breaks: 'INJECT-2: U+2028 and U+2029 reach the screen raw' },
  {
    id: 'inject-format-chars-partial',
    ...unsafe('\\p{Cf}', '\\u200b-\\u200f\\u202a-\\u202e'),
    breaks: 'INJECT-2: only some format characters are escaped: isolates U+2066-U+2069, U+2060 and U+FEFF reach the screen raw',
  },
  {
    id: 'inject-hangul-fillers-raw',
    ...unsafe('\\u115F\\u1160\\u3164\\uFFA0', ''),
    breaks: 'INJECT-2: blank-rendering Hangul fillers (U+3164 and co.) reach the screen raw',
  },
  { id: 'inject-multiline-keeps-cr', ...keeps('\\r'), breaks: 'INJECT-2: CR in multi-line server text reaches the screen raw (it can overwrite a line)' },
  { id: 'inject-multiline-keeps-backspace', ...keeps('\\b'), breaks: 'INJECT-2: backspace in multi-line server text reaches the screen raw' },
  {
    id: 'inject-result-preview-raw',
    file: 'ui/screen-text.ts',
    find: '  return { preview: neutralise(preview, { multiline: true }), more: preview.length < output.length };',
    replace: '  return { preview, more: preview.length < output.length };',
    breaks: 'INJECT-2: result text is shown raw',
  },
  {
    id: 'inject-error-preview-raw',
    file: 'ui/screen-text.ts',
    find: '  const { preview, more } = resultPreview(output);',
    replace:
      "  const { preview, more } = status === 'failed' ? { preview: output.split('\\n').slice(0, PREVIEW_MAX_LINES).join('\\n'), more: false } : resultPreview(output);",
    breaks: 'INJECT-2: the text of a failed call (server error messages) is shown raw',
  },
  {
    id: 'inject-unavailable-reason-raw',
    file: 'ui/screen-text.ts',
    find: '    : `MCP server ${name} unavailable: ${neutralise(status.reason)}\\n`;',
    replace: '    : `MCP server ${name} unavailable: ${status.reason}\\n`;',
    breaks: 'INJECT-2: the unavailable reason (server error text) is shown raw',
  },
  {
    id: 'inject-flag-tool-name-raw',
    file: 'ui/screen-text.ts',
    find: '  return `MCP server ${neutralise(server)}: tool ${neutralise(tool)} has instruction-like text in its description; it is treated as data\\n`;',
    replace: '  return `MCP server ${neutralise(server)}: tool ${tool} has instruction-like text in its description; it is treated as data\\n`;',
    breaks: 'INJECT-2: the tool name in the instruction-like flag line is shown raw',
  },
  {
    id: 'inject-changed-flag-name-raw',
    file: 'ui/screen-text.ts',
    find: '  return `MCP server ${neutralise(server)}: tool ${neutralise(tool)} changed since it was last seen; review it before approving calls\\n`;',
    replace: '  return `MCP server ${neutralise(server)}: tool ${tool} changed since it was last seen; review it before approving calls\\n`;',
    breaks: 'INJECT-2: the tool name in the changed-definition flag line is shown raw',
  },
  {
    id: 'inject-prompt-text-raw',
    file: 'ui/screen-text.ts',
    find: '  return `[Prompt from ${neutralise(server)}] ${neutralise(role)}: ${neutralise(text, { multiline: true })}\\n`;',
    replace: '  return `[Prompt from ${neutralise(server)}] ${neutralise(role)}: ${text}\\n`;',
    breaks: 'INJECT-2: prompt message text is shown raw',
  },
  {
    id: 'inject-prompt-description-raw',
    file: 'ui/screen-text.ts',
    find: "  const about = description?.trim() ? ` - ${neutralise(description.trim())}` : '';",
    replace: "  const about = description?.trim() ? ` - ${description.trim()}` : '';",
    breaks: 'INJECT-2: prompt descriptions in /prompts are shown raw',
  },
  {
    id: 'inject-gate-tool-name-raw',
    file: 'ui/screen-text.ts',
    find: "  const names = calls.map((c) => `${neutralise(c.server)}/${neutralise(c.tool)}`).join(', ');",
    replace: "  const names = calls.map((c) => `${neutralise(c.server)}/${c.tool}`).join(', ');",
    breaks: 'INJECT-2: the tool name in the unknown-outcome confirmation is shown raw',
  },
  {
    id: 'inject-original-name-json-only',
    file: 'ui/confirmation.ts',
    find: '    `Tool: ${quoted(tool.originalName)}`,',
    replace: '    `Tool: ${JSON.stringify(tool.originalName)}`,',
    breaks: 'INJECT-2: the original tool name is JSON-quoted but not neutralised (bidi and C1 pass JSON.stringify)',
  },
  {
    id: 'inject-arguments-json-only',
    file: 'ui/confirmation.ts',
    find: '    `Arguments: ${quoted(formatArgumentsForDisplay(args))}`,',
    replace: '    `Arguments: ${JSON.stringify(formatArgumentsForDisplay(args))}`,',
    breaks: 'INJECT-2: the arguments are JSON-quoted but not neutralised',
  },
];

const INJECT_3: readonly Mutant[] = [
  {
    id: 'inject-flag-misses-ignore-instructions',
    file: 'mcp/instruction-like.ts',
    find: PATTERN_IGNORE,
    replace: '',
    breaks: 'INJECT-3: "ignore previous instructions" is not recognised as instruction-like',
  },
  {
    id: 'inject-flag-misses-hidden-tags',
    file: 'mcp/instruction-like.ts',
    find: '  /<\\s*\\/?\\s*(?:important|system|instructions?|secret)\\s*>/i,\n',
    replace: '',
    breaks: 'INJECT-3: hidden <IMPORTANT>/<system> blocks are not recognised as instruction-like',
  },
  {
    id: 'inject-flag-misses-secret-paths',
    file: 'mcp/instruction-like.ts',
    find: '  /~\\/\\.ssh\\b|\\bid_(?:rsa|ed25519|ecdsa)\\b|\\.aws\\/credentials\\b/i,\n',
    replace: '',
    breaks: 'INJECT-3: requests for ~/.ssh, id_rsa or .aws/credentials are not recognised as instruction-like',
  },
  {
    id: 'inject-flag-misses-dont-tell-user',
    file: 'mcp/instruction-like.ts',
    find: "  /\\b(?:do\\s+not|don'?t|never)\\s+(?:tell|inform|mention|reveal|show|alert)\\b[^.]*\\buser\\b/i,\n",
    replace: '',
    breaks: 'INJECT-3: "do not tell the user" is not recognised as instruction-like',
  },
  {
    id: 'inject-flag-schema-not-scanned',
    file: 'chat/startup-notices.ts',
    find: '    .filter((tool) => definitionTexts(tool.serverDescription ?? tool.description, tool.parameters).some(isInstructionLike))',
    replace: '    .filter((tool) => isInstructionLike(tool.serverDescription ?? tool.description))',
    breaks: 'INJECT-3: instructions hidden in the input schema (property descriptions) are not flagged',
  },
  {
    id: 'inject-flag-invisible-not-stripped',
    file: 'mcp/instruction-like.ts',
    find: "  const visible = text.replace(INVISIBLE, '').replace(/\\s+/g, ' ');",
    replace: "  const visible = text.replace(/\\s+/g, ' ');",
    breaks: 'INJECT-3: a zero-width character inside a phrase ("ig\\u200bnore") hides it from the flag',
  },
  {
    id: 'inject-flag-first-tool-only',
    file: 'chat/startup-notices.ts',
    find: '    .map((tool) => flags.instructionFlagLine(tool.server, tool.originalName));',
    replace: '    .slice(0, 1)\n    .map((tool) => flags.instructionFlagLine(tool.server, tool.originalName));',
    breaks: 'INJECT-3: only the first instruction-like tool is flagged; a second one is not',
  },
];

const INJECT_4: readonly Mutant[] = [
  {
    id: 'inject-pin-description-only',
    file: 'mcp/tool-pins.ts',
    find: PIN_DEFINITION,
    replace: '  const definition = { name: tool.originalName, description: tool.serverDescription ?? tool.description };',
    breaks: 'INJECT-4: the pin covers name and description only, so a changed input schema is not flagged',
  },
  {
    id: 'inject-pin-schema-only',
    file: 'mcp/tool-pins.ts',
    find: PIN_DEFINITION,
    replace: '  const definition = { name: tool.originalName, inputSchema: tool.parameters };',
    breaks: 'INJECT-4: the pin covers name and schema only, so a changed description is not flagged',
  },
  {
    id: 'inject-pins-not-updated-after-flag',
    file: 'mcp/tool-pins.ts',
    find: '    if (pinned !== undefined && pinned !== hash) changed.push(tool);\n    byTool.set(tool.originalName, hash);',
    replace: '    if (pinned !== undefined && pinned !== hash) changed.push(tool);\n    else byTool.set(tool.originalName, hash);',
    breaks: 'INJECT-4: a changed tool keeps its old pin, so it is flagged again at every start',
  },
  {
    id: 'inject-new-tools-flagged',
    file: 'mcp/tool-pins.ts',
    find: '    if (pinned !== undefined && pinned !== hash) changed.push(tool);',
    replace: '    if (pinned !== hash) changed.push(tool);',
    breaks: 'INJECT-4: every tool seen for the first time is flagged as changed',
  },
  {
    id: 'inject-pins-of-absent-servers-dropped',
    file: 'mcp/tool-pins.ts',
    find: '  const next = new Map(Object.entries(pins).map(([server, byTool]) => [server, new Map(Object.entries(byTool))]));',
    replace:
      '  const previous = new Map(Object.entries(pins).map(([server, byTool]) => [server, new Map(Object.entries(byTool))]));\n  const next = new Map<string, Map<string, string>>([...previous].filter(([server]) => tools.some((t) => t.server === server)));',
    breaks: 'INJECT-4: pins of a server that is unavailable at one start are dropped, so its rug pull during the outage is never flagged',
  },
];

export const INJECT_MUTANTS: readonly Mutant[] = [...INJECT_1, ...INJECT_2, ...INJECT_3, ...INJECT_4];
