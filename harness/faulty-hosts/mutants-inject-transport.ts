// Source mutants of refhost for INJECT-3/4 and TRANSPORT-2: instruction-like descriptions and
// changed tools flagged at start-up, and the legacy HTTP+SSE transport. Their checks are in
// checks-inject-transport.ts.
import type { Mutant } from './mutant-build.js';

const SSE_GUARD = "        if (isStream && ++streams > 1) throw new McpLayerError('closed', 'the SSE event stream ended; refhost does not reconnect');";

const SSE_BETWEEN = `        return await guarded(input, init);
      } catch (error) {
        if (isMcpLayerError(error) && self && !self.started) self.refusal ??= error;
        throw error;
      }
    };
    super(new URL(url), { requestInit: { headers: { ...headers } }, fetch: fetchWithin, redirectPolicy: 'follow' });
    self = this;
    // The SDK Client chains its own handler after this one: once started, a stream failure
    // ends the link for good (before that, start() rejects with the reason).
`;

const SSE_ON_ERROR = `    this.onerror = (error) => {
      if (!(error instanceof SseError) || !this.started) return;
      options.fail(this.streamError ?? new McpLayerError('closed', 'the SSE event stream ended'));
      void this.close();
    };`;

const PATTERN_IGNORE =
  '  /\\b(?:ignore|disregard|forget|override)\\s+(?:all\\s+|any\\s+|the\\s+)?(?:previous\\s+|prior\\s+|above\\s+|earlier\\s+|other\\s+|your\\s+)?instructions\\b/i,\n';
const PIN_DEFINITION =
  '  const definition = { name: tool.originalName, description: tool.serverDescription ?? tool.description, inputSchema: tool.parameters };';

const INJECT: readonly Mutant[] = [
  {
    id: 'inject-flag-misses-ignore-instructions',
    seam: 'PATTERNS',
    find: PATTERN_IGNORE,
    replace: '',
    breaks: 'INJECT-3: "ignore previous instructions" is not recognised as instruction-like',
  },
  {
    id: 'inject-flag-misses-hidden-tags',
    seam: 'PATTERNS',
    find: '  /<\\s*\\/?\\s*(?:important|system|instructions?|secret)\\s*>/i,\n',
    replace: '',
    breaks: 'INJECT-3: hidden <IMPORTANT>/<system> blocks are not recognised as instruction-like',
  },
  {
    id: 'inject-flag-misses-secret-paths',
    seam: 'PATTERNS',
    find: '  /~\\/\\.ssh\\b|\\bid_(?:rsa|ed25519|ecdsa)\\b|\\.aws\\/credentials\\b/i,\n',
    replace: '',
    breaks: 'INJECT-3: requests for ~/.ssh, id_rsa or .aws/credentials are not recognised as instruction-like',
  },
  {
    id: 'inject-flag-misses-dont-tell-user',
    seam: 'PATTERNS',
    find: "  /\\b(?:do\\s+not|don'?t|never)\\s+(?:tell|inform|mention|reveal|show|alert)\\b[^.]*\\buser\\b/i,\n",
    replace: '',
    breaks: 'INJECT-3: "do not tell the user" is not recognised as instruction-like',
  },
  {
    id: 'inject-flag-schema-not-scanned',
    seam: 'instructionNotices',
    find: '    .filter((tool) => definitionTexts(tool.serverDescription ?? tool.description, tool.parameters).some(isInstructionLike))',
    replace: '    .filter((tool) => isInstructionLike(tool.serverDescription ?? tool.description))',
    breaks: 'INJECT-3: instructions hidden in the input schema (property descriptions) are not flagged',
  },
  {
    id: 'inject-flag-invisible-not-stripped',
    seam: 'isInstructionLike',
    find: "  const visible = text.replace(INVISIBLE, '').replace(/\\s+/g, ' ');",
    replace: "  const visible = text.replace(/\\s+/g, ' ');",
    breaks: 'INJECT-3: a zero-width character inside a phrase ("ig\\u200bnore") hides it from the flag',
  },
  {
    id: 'inject-flag-first-tool-only',
    seam: 'instructionNotices',
    find: '    .map((tool) => flags.instructionFlagLine(tool.server, tool.originalName));',
    replace: '    .slice(0, 1)\n    .map((tool) => flags.instructionFlagLine(tool.server, tool.originalName));',
    breaks: 'INJECT-3: only the first instruction-like tool is flagged; a second one is not',
  },
  {
    id: 'inject-flag-case-sensitive',
    seam: 'isInstructionLike',
    find: '  return PATTERNS.some((pattern) => pattern.test(visible));',
    replace: '  return PATTERNS.some((pattern) => new RegExp(pattern.source).test(visible));',
    breaks: 'INJECT-3: instruction-like text is recognised only in lower case ("IGNORE ALL PREVIOUS INSTRUCTIONS" is not flagged)',
  },
  {
    id: 'inject-flag-schema-top-level-only',
    seam: 'definitionTexts',
    find: '  visit(inputSchema);\n  return texts;',
    replace:
      "  const properties = (inputSchema as { properties?: Record<string, { description?: unknown; title?: unknown }> }).properties ?? {};\n  for (const property of Object.values(properties)) for (const text of [property.description, property.title]) if (typeof text === 'string') texts.push(text);\n  return texts;",
    breaks: "INJECT-3: instruction-like text nested deeper than a top-level property's description (items, nested objects, $defs) is not flagged",
  },
  {
    id: 'inject-pin-description-only',
    seam: 'toolDefinitionHash',
    find: PIN_DEFINITION,
    replace: '  const definition = { name: tool.originalName, description: tool.serverDescription ?? tool.description };',
    breaks: 'INJECT-4: the pin covers name and description only, so a changed input schema is not flagged',
  },
  {
    id: 'inject-pin-schema-only',
    seam: 'toolDefinitionHash',
    find: PIN_DEFINITION,
    replace: '  const definition = { name: tool.originalName, inputSchema: tool.parameters };',
    breaks: 'INJECT-4: the pin covers name and schema only, so a changed description is not flagged',
  },
  {
    id: 'inject-pins-not-updated-after-flag',
    seam: 'comparePins',
    find: '    if (pinned !== undefined && pinned !== hash) changed.push(tool);\n    byTool.set(tool.originalName, hash);',
    replace: '    if (pinned !== undefined && pinned !== hash) changed.push(tool);\n    else byTool.set(tool.originalName, hash);',
    breaks: 'INJECT-4: a changed tool keeps its old pin, so it is flagged again at every start',
  },
  {
    id: 'inject-new-tools-flagged',
    seam: 'comparePins',
    find: '    if (pinned !== undefined && pinned !== hash) changed.push(tool);',
    replace: '    if (pinned !== hash) changed.push(tool);',
    breaks: 'INJECT-4: every tool seen for the first time is flagged as changed',
  },
  {
    id: 'inject-pins-of-absent-servers-dropped',
    seam: 'comparePins',
    find: '  const next = new Map(Object.entries(pins).map(([server, byTool]) => [server, new Map(Object.entries(byTool))]));',
    replace:
      '  const previous = new Map(Object.entries(pins).map(([server, byTool]) => [server, new Map(Object.entries(byTool))]));\n  const next = new Map<string, Map<string, string>>([...previous].filter(([server]) => tools.some((t) => t.server === server)));',
    breaks: 'INJECT-4: pins of a server that is unavailable at one start are dropped, so its rug pull during the outage is never flagged',
  },
  {
    id: 'inject-changed-first-only',
    seam: 'changeNotices',
    find: '  const lines = changed.map((tool) => flags.changedFlagLine(tool.server, tool.originalName));',
    replace: '  const lines = changed.slice(0, 1).map((tool) => flags.changedFlagLine(tool.server, tool.originalName));',
    breaks: 'INJECT-4: when several tools changed, only the first is flagged',
  },
  {
    id: 'inject-pin-case-insensitive',
    seam: 'toolDefinitionHash',
    find: "  return createHash('sha256').update(canonicalJson(definition)).digest('hex');",
    replace: "  return createHash('sha256').update(canonicalJson(definition).toLowerCase().replace(/\\s+/g, ' ')).digest('hex');",
    breaks: 'INJECT-4: a definition that changed only in letter case or spacing is not flagged',
  },
];

const TRANSPORT: readonly Mutant[] = [
  {
    id: 'transport-sse-whole-stream-capped',
    seam: 'GuardedSseTransport.constructor',
    find: '    const guarded = options.fetch ?? createGuardedFetch({ capPerEvent: true, onBodyError: (error) => self?.noteStreamError(error) });',
    replace: '    const guarded = options.fetch ?? createGuardedFetch({ capPerEvent: false, onBodyError: (error) => self?.noteStreamError(error) });',
    breaks: 'TRANSPORT-2: the whole SSE event stream is capped at 1 MiB, so a legacy server dies after 1 MiB of traffic',
  },
  {
    id: 'transport-sse-event-cap-per-line',
    seam: 'eventByteCounter',
    find: '        if (lineStart) count = 0;',
    replace: '        count = 0;',
    // NET-3's cap on the legacy SSE transport alone: TRANSPORT-2 ("the same guarantees over SSE"), which its checks cite.
    breaks: 'TRANSPORT-2: the SSE cap restarts at every line, so an event over 1 MiB in many short data: lines passes',
  },
  {
    id: 'transport-sse-stream-unguarded',
    seam: 'GuardedSseTransport.constructor',
    find: '        return await guarded(input, init);',
    replace: '        return await (isStream ? fetch(input, init) : guarded(input, init));',
    breaks: 'TRANSPORT-2: the SSE event stream is opened with plain fetch, which follows redirects and has no cap',
  },
  {
    // Both halves of refhost's no-reconnect rule go: the guard on a second GET and the close on a
    // stream failure (either alone still stops the SDK's EventSource from reconnecting).
    id: 'transport-sse-reconnects',
    seam: 'GuardedSseTransport.constructor',
    find: `${SSE_GUARD}\n${SSE_BETWEEN}${SSE_ON_ERROR}`,
    replace: `${SSE_BETWEEN}    this.onerror = () => undefined;`,
    breaks: 'TRANSPORT-2: the legacy SSE event stream is reopened when it drops (UNKNOWN-1 over SSE: a transport-level retry into a new session)',
  },
  {
    id: 'transport-sse-headers-dropped',
    seam: 'GuardedSseTransport.constructor',
    find: "    super(new URL(url), { requestInit: { headers: { ...headers } }, fetch: fetchWithin, redirectPolicy: 'follow' });",
    replace: "    super(new URL(url), { fetch: fetchWithin, redirectPolicy: 'follow' });",
    breaks: 'TRANSPORT-2: the configured headers are not sent over HTTP+SSE, so a legacy server that needs its key is unavailable',
  },
];

export const INJECT_TRANSPORT_MUTANTS: readonly Mutant[] = [...INJECT, ...TRANSPORT];
