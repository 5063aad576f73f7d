// The guarantee catalogue as data (every ID of the source specification, in our own words).
// Scenario checks cite these IDs; catalogue.test.ts proves every ID has a check and every
// check names a known ID. docs/guarantees.md is rendered from this list (render-doc.ts).
// Each entry's sources (the seed passage, the specification's sentences) live in sources-*.ts.
import { createHash } from 'node:crypto';
import type { Guarantee, Level } from '../report/schema.js';
import type { RequiredBy } from './source-schema.js';
import { SEED_SOURCES } from './sources-seed.js';
import { SPEC_SOURCES } from './sources-spec.js';
import { tierFromSources } from './tiers.js';

interface Entry {
  id: string;
  level: Level;
  text: string;
  optional?: boolean;
}

/** Groups (in document order) with the title used in docs and reports. */
export const GROUPS: Readonly<Record<string, string>> = {
  DISCOVER: 'Connection and discovery',
  EXPOSE: 'What the model is offered',
  APPROVE: 'Consent for each call',
  RESULT: 'What the model is told about a call',
  UNKNOWN: 'No retries, and the user is told',
  CRED: 'Credentials',
  NET: 'What may leave the machine over HTTP',
  STDIO: 'Local server processes',
  LIMIT: 'Bounds on what a server can make the host hold',
  REPLAY: 'Sessions outlive servers',
  CONFIG: 'Who decides which servers exist',
  INJECT: 'Server text is data, never instructions',
  RESOURCE: 'Reading MCP resources',
  PROMPT: 'MCP prompts',
  POLICY: 'Policy packs only tighten',
  TELEMETRY: 'Every call is attributable',
  TRANSPORT: 'Transports',
  ASK: 'What a server may ask of the host',
};

const ENTRIES: readonly Entry[] = [
  {
    id: 'DISCOVER-1',
    level: 'MUST',
    text: 'Servers are connected and their tools listed once per process, at start-up, before the first question goes to the model, without asking the user anything. On MCP 2026-07-28, where there is no handshake, "connected" is server/discover answered; on 2025-11-25 and older, initialize.',
  },
  {
    id: 'DISCOVER-2',
    level: 'MUST',
    text: 'Servers are connected in parallel, each under its own deadline (10 s): slow servers do not add up, and a server that never answers is dropped at its deadline while the others work.',
  },
  {
    id: 'DISCOVER-3',
    level: 'SHOULD',
    text: 'Before the first question the user sees one status line per server: its tool count and destination, or "unavailable" with a reason.',
  },
  {
    id: 'DISCOVER-4',
    level: 'MUST',
    text: 'A server that refuses the connection, crashes, answers garbage, fails its opening (initialize, or server/discover on 2026-07-28) or hangs is reported unavailable and skipped; the chat and every other server keep working.',
  },
  {
    id: 'DISCOVER-5',
    level: 'MUST',
    text: 'The set of tools is fixed once discovered: later announcements (list_changed; on 2026-07-28 a list re-read after its ttlMs expired or announced on subscriptions/listen; a different tools/list) never silently change what the running process offers; a host that refreshes tells the user. A restart picks changes up.',
  },
  {
    id: 'DISCOVER-6',
    level: 'MUST',
    text: 'Adding a server to the configuration does not connect to it; the first connection happens when a chat next starts.',
  },
  {
    id: 'EXPOSE-1',
    level: 'MUST',
    text: 'Each MCP tool is offered under a name that includes its server (reference form mcp_<server>_<tool>): equal tool names on two servers do not collide and no MCP tool shadows a built-in tool.',
  },
  {
    id: 'EXPOSE-2',
    level: 'MUST',
    text: 'Every offered name matches ^[a-zA-Z0-9_-]{1,64}$; names with other characters, too long, or still colliding get a short deterministic hash suffix rather than a guessed look-alike.',
  },
  { id: 'EXPOSE-3', level: 'MUST', text: 'The same configuration yields the same offered names on every start.' },
  { id: 'EXPOSE-4', level: 'MUST', text: 'The input schema reaches the model exactly as the server described it, and the function is not marked strict.' },
  {
    id: 'EXPOSE-5',
    level: 'MUST',
    text: 'The description starts with its origin ("[MCP server S, tool T]"), then the server\'s text, then a note that arguments go to that server and its results are untrusted external data.',
  },
  {
    id: 'EXPOSE-6',
    level: 'MUST',
    text: 'No server-written text (descriptions, instructions, results, errors) is put into the system or developer instructions of a model request.',
  },
  { id: 'APPROVE-1', level: 'MUST', text: 'Every MCP call waits for explicit approval before any byte of it is sent; the default answer is deny.' },
  { id: 'APPROVE-2', level: 'MUST', text: 'An approval covers one call only: approving a call does not approve the next call of the same tool.' },
  {
    id: 'APPROVE-3',
    level: 'MUST',
    text: 'An empty answer, "n", anything other than yes, and end of input all deny: the server receives nothing and the model gets status denied.',
  },
  {
    id: 'APPROVE-4',
    level: 'MUST',
    text: 'Annotations a server declares (readOnlyHint, destructiveHint, idempotentHint, openWorldHint, title) never skip or weaken the approval.',
  },
  {
    id: 'APPROVE-5',
    level: 'MUST',
    text: 'The confirmation shows the server, its destination (URL or command line), the original tool name and the arguments as formatted JSON cut at about 2 KiB with the cut marked, and warns that the host cannot control what the server does with them.',
  },
  { id: 'APPROVE-6', level: 'MUST', text: 'MCP calls never run concurrently: several calls in one model response are asked for and sent one after another.' },
  {
    id: 'RESULT-1',
    level: 'MUST',
    text: 'Returned content gives status completed: text blocks in order; images, audio and binary marked as omitted (no base64 to the model); resource links listed but never read; structuredContent used when there is no text.',
  },
  { id: 'RESULT-2', level: 'MUST', text: "isError true or a JSON-RPC error gives status failed with the server's message." },
  { id: 'RESULT-3', level: 'MUST', text: 'A denied call gives status denied, and nothing was sent.' },
  { id: 'RESULT-4', level: 'MUST', text: 'No answer within the call deadline (30 s after sending) gives status unknown.' },
  { id: 'RESULT-5', level: 'MUST', text: 'A dropped connection or a dead server process after the call was sent gives status unknown.' },
  { id: 'RESULT-6', level: 'MUST', text: 'A response over the message limit (1 MiB) gives status unknown.' },
  { id: 'RESULT-7', level: 'MUST', text: 'A call the user interrupts after it was sent gives status unknown.' },
  { id: 'RESULT-8', level: 'MUST', text: 'A result over 64 KiB gives status output_limit with the first part, marked as truncated.' },
  {
    id: 'RESULT-9',
    level: 'MUST',
    text: 'An unknown outcome tells the model that the server may have acted and that the call must not be retried automatically.',
  },
  {
    id: 'UNKNOWN-1',
    level: 'MUST',
    text: 'A call is sent at most once: no resend after a timeout, drop, oversize or reconnect, and no transport-level retry; the server sees one call. On 2026-07-28 an input_required round trip (the same call sent again with the inputResponses the server asked for) is not a resend; a blind repeat without them still is.',
  },
  {
    id: 'UNKNOWN-2',
    level: 'MUST',
    text: 'After an unknown outcome the next user message waits until the user confirms that the call may have run; declining keeps the message unsent without a restart, confirming sends it.',
  },
  {
    id: 'CRED-1',
    level: 'MUST',
    text: "Only static credentials (headers for remote servers, environment variables for stdio servers), typed with echo off when a server is added and stored privately (mode 0600) in the user's configuration.",
  },
  { id: 'CRED-2', level: 'MUST', text: 'A credential goes only to its own server: never to another MCP server and never to the model provider.' },
  {
    id: 'CRED-3',
    level: 'MUST',
    text: 'A credential value never shows on screen (confirmations, status lines, errors), in session files, in telemetry or in any model request.',
  },
  { id: 'CRED-4', level: 'MUST', text: 'Listing servers hides header and environment values.' },
  {
    id: 'CRED-5',
    level: 'MUST',
    text: 'When a server rejects the credentials (401/403) the status says OAuth is not supported and suggests a static header such as an API key, without echoing the value.',
  },
  { id: 'CRED-6', level: 'MUST', text: 'No OAuth flow starts: no /.well-known/oauth-* discovery, no authorization or token request, no browser.' },
  {
    id: 'NET-1',
    level: 'MUST',
    text: 'Remote URLs must be https; plain http only for localhost and loopback. Other http URLs are refused when added and when starting.',
  },
  {
    id: 'NET-2',
    level: 'MUST',
    text: 'Redirects (any 3xx, same origin or not) are never followed: the target receives nothing, least of all the credential headers.',
  },
  {
    id: 'NET-3',
    level: 'MUST',
    text: 'Every protocol message and HTTP response is capped at 1 MiB: an oversized discovery answer makes the server unavailable, an oversized call answer is unknown.',
  },
  { id: 'NET-4', level: 'MUST', text: 'The host contacts only configured destinations and the model provider.' },
  { id: 'STDIO-1', level: 'MUST', text: 'The command runs directly, not through a shell: arguments with shell syntax reach the server literally.' },
  { id: 'STDIO-2', level: 'MUST', text: 'The server runs in its own process group.' },
  {
    id: 'STDIO-3',
    level: 'MUST',
    text: "Its environment holds only PATH, HOME, LANG and the variables configured for it; none of the host's other variables, least of all the model API key.",
  },
  { id: 'STDIO-4', level: 'MUST', text: 'Its stderr is discarded: neither shown nor logged.' },
  {
    id: 'STDIO-5',
    level: 'MUST',
    text: 'When the host exits (end of input, quit, SIGINT, SIGTERM) the server and everything it started are stopped and reaped.',
  },
  { id: 'STDIO-6', level: 'MUST', text: 'A stdio server that crashes, writes non-protocol bytes to stdout or exits mid-call never takes the host down.' },
  {
    id: 'LIMIT-1',
    level: 'MUST',
    text: "Discovery reads at most 16 pages and 128 tools, input schemas are JSON objects of at most 16 KiB, one server's definitions at most 64 KiB; a server over any bound is unavailable as a whole.",
  },
  { id: 'LIMIT-2', level: 'MUST', text: 'At most 16 tool calls per turn, MCP calls included; past that the turn ends with a clear message.' },
  { id: 'LIMIT-3', level: 'SHOULD', text: 'MCP results count toward the context budget like any other tool output.' },
  {
    id: 'REPLAY-1',
    level: 'MUST',
    text: 'A saved session that used MCP tools opens when its server is offline or no longer configured, and nothing recorded is invoked again.',
  },
  { id: 'REPLAY-2', level: 'MUST', text: 'Recorded MCP calls are checked by argument shape only (a JSON object), not against a live schema.' },
  { id: 'REPLAY-3', level: 'MUST', text: 'Sessions saved before MCP support existed still load.' },
  {
    id: 'CONFIG-1',
    level: 'MUST',
    text: "Servers come only from the user's own configuration; MCP configuration files in the project directory (.mcp.json and the like) are never read.",
  },
  { id: 'CONFIG-2', level: 'MUST', text: 'The model cannot add, change or remove servers, and no tool can read the stored credentials.' },
  { id: 'CONFIG-3', level: 'MUST', text: 'The configuration is written atomically with mode 0600.' },
  {
    id: 'INJECT-1',
    level: 'MUST',
    text: 'Instruction-like server text (descriptions, schemas, results, errors) reaches the model only as labelled tool data and triggers nothing: no call runs without its own approval.',
  },
  {
    id: 'INJECT-2',
    level: 'MUST',
    text: 'Terminal control sequences and invisible characters in server text (ANSI CSI/OSC, C0/C1 controls, bidi overrides, zero-width and tag characters) are neutralised before reaching the screen.',
  },
  { id: 'INJECT-3', level: 'SHOULD', text: 'Instruction-like descriptions are flagged to the user at start-up.', optional: true },
  { id: 'INJECT-4', level: 'SHOULD', text: 'A tool whose definition changed since the user last saw it (a rug pull) is flagged at start-up.', optional: true },
  {
    id: 'RESOURCE-1',
    level: 'MUST',
    text: 'Resources are read only through a dedicated tool taking (server, uri); the read goes to that server alone, after the same per-call approval.',
    optional: true,
  },
  {
    id: 'RESOURCE-2',
    level: 'MUST',
    text: 'A URI the server did not list or match by template, or one the policy allowlist excludes, is refused locally: nothing is sent.',
    optional: true,
  },
  { id: 'RESOURCE-3', level: 'MUST', text: 'Resource contents are mapped like tool results: text kept, blobs omitted, 64 KiB cap.', optional: true },
  {
    id: 'PROMPT-1',
    level: 'MUST',
    text: 'Server prompts are used only when the user asks for one; their messages are shown and inserted as user content marked with their server, never as system text.',
    optional: true,
  },
  {
    id: 'POLICY-1',
    level: 'MUST',
    text: 'A per-server policy can deny tools by name pattern: such a call is refused locally (model gets denied, user not asked, server gets nothing).',
    optional: true,
  },
  { id: 'POLICY-2', level: 'MUST', text: 'A per-server rate limit refuses calls past it locally.', optional: true },
  { id: 'POLICY-3', level: 'MUST', text: 'A resource allowlist restricts which URIs may be read.', optional: true },
  {
    id: 'POLICY-4',
    level: 'MUST',
    text: 'No policy setting removes the per-call approval; an invalid policy file stops start-up with a clear error.',
    optional: true,
  },
  {
    id: 'TELEMETRY-1',
    level: 'MUST',
    text: 'Each MCP call leaves a record with the server id, the original tool name, the offered name, the status and the latency in ms.',
    optional: true,
  },
  { id: 'TELEMETRY-2', level: 'MUST', text: 'Telemetry records hold no argument values, results or credentials.', optional: true },
  {
    id: 'TRANSPORT-1',
    level: 'MUST',
    text: 'stdio and Streamable HTTP are supported, on the revision the server offers: 2026-07-28 (stateless, no Mcp-Session-Id) or 2025-11-25 and older.',
  },
  { id: 'TRANSPORT-2', level: 'SHOULD', text: 'The older HTTP+SSE transport is supported with the same guarantees.', optional: true },
  {
    id: 'ASK-1',
    level: 'MUST',
    text: 'An elicitation a server sends reaches the user with its server named, and only the user answers it: the host never accepts one with content the user did not type (no defaults, no model-written values, no auto-accept). A host without elicitation refuses it, which upholds this.',
  },
  {
    id: 'ASK-2',
    level: 'MUST',
    text: "A sampling request never reaches the host's model without the user's approval: no part of its messages is sent to the model provider unless the user approved that request. A host without sampling refuses it, which upholds this.",
  },
  {
    id: 'ASK-3',
    level: 'MUST',
    text: "Nothing a server asks for (elicitation, sampling, roots) gets it credentials, other servers' data or the user's files without the user seeing it: no answer to a server's request holds them unless the user typed them.",
  },
];

/** The entry's sources; catalogue.test.ts proves every entry has its seed passage. */
function sourcesOf(id: string): Pick<Guarantee, 'sources'> {
  const seed = SEED_SOURCES[id];
  return seed === undefined ? {} : { sources: { seed, spec: [...(SPEC_SOURCES[id] ?? [])] } };
}

/** Its tier (tiers.ts); an entry without one is a mistake caught when the catalogue loads. */
function tierOf(id: string, sources: Guarantee['sources']): Pick<Guarantee, 'tier' | 'tierWhy'> {
  const placed = tierFromSources(id, sources);
  if (placed === undefined) throw new Error(`guarantee ${id} has no tier: no specification sentence asks it and tiers.ts does not place it`);
  return { tier: placed.tier, tierWhy: placed.why };
}

export const GUARANTEES: readonly Guarantee[] = ENTRIES.map((e) => {
  const sources = sourcesOf(e.id);
  return {
    id: e.id,
    group: e.id.replace(/-\d+$/, ''),
    level: e.level,
    text: e.text,
    optional: e.optional ?? false,
    ...sources,
    ...tierOf(e.id, sources.sources),
  };
});

const BY_ID = new Map(GUARANTEES.map((g) => [g.id, g]));

export function guaranteeById(id: string): Guarantee | undefined {
  return BY_ID.get(id);
}

/**
 * Groups whose guarantees ask the host to connect its configured servers and offer the model
 * their tools (DISCOVER: connected and listed, the others working beside a broken one; EXPOSE:
 * each tool offered, and how; TRANSPORT: each transport's servers usable), and LIMIT-1, whose
 * discovery bounds make unavailable only the server over them. When the model could not find a
 * server's tool, a check of one of these FAILs (the host did not offer it: that is what they
 * ask); any other check that needed the call only as a precondition is BLOCKED (grade.ts).
 */
const OFFERING_GROUPS: ReadonlySet<string> = new Set(['DISCOVER', 'EXPOSE', 'TRANSPORT']);
const OFFERING_ALSO: ReadonlySet<string> = new Set(['LIMIT-1']);

/** Whether guarantee `id` asks the host to connect servers and offer their tools (see OFFERING_GROUPS). */
export function asksToOffer(id: string): boolean {
  return OFFERING_ALSO.has(id) || OFFERING_GROUPS.has(id.replace(/-\d+$/, ''));
}

/**
 * Guarantees whose words ask that the model be told each call's outcome: RESULT-1 to RESULT-8
 * (each outcome's status), APPROVE-3 and POLICY-1 ("the model receives status denied" / "the
 * model gets denied"), RESOURCE-3 (contents "mapped like tool results"). When the host owed the
 * model an outcome and never sent it, a check of one of these FAILs; any other check that only
 * needed the outcome to look is BLOCKED (grade.ts, outcome-owed.ts). RESULT-9 is not one: it
 * asks what an unknown result says, which an outcome never sent does not say wrongly.
 */
const TELLING: ReadonlySet<string> = new Set([
  'RESULT-1',
  'RESULT-2',
  'RESULT-3',
  'RESULT-4',
  'RESULT-5',
  'RESULT-6',
  'RESULT-7',
  'RESULT-8',
  'APPROVE-3',
  'POLICY-1',
  'RESOURCE-3',
]);

/** Whether guarantee `id` asks that the model be told each call's outcome (see TELLING). */
export function asksToTell(id: string): boolean {
  return TELLING.has(id);
}

/** Guarantees matched by an ID prefix ("RESOURCE", "INJECT-3"), as used by filters and profiles. */
export function guaranteesMatching(prefix: string): Guarantee[] {
  return GUARANTEES.filter((g) => g.id === prefix || g.id.startsWith(`${prefix}-`) || g.group === prefix);
}

/** Whether `--required-by scope` keeps this guarantee: always for `catalogue`; for `spec`, when a specification sentence asks it; for `spec-must`, a MUST or MUST NOT one. */
export function isRequiredBy(guarantee: Pick<Guarantee, 'sources'> | undefined, scope: RequiredBy): boolean {
  if (scope === 'catalogue') return true;
  const spec = guarantee?.sources?.spec ?? [];
  return scope === 'spec' ? spec.length > 0 : spec.some((s) => s.keyword === 'MUST' || s.keyword === 'MUST NOT');
}

/** A short content hash of the catalogue: reports record which catalogue they were graded against. */
export const CATALOGUE_REVISION = createHash('sha256').update(JSON.stringify(GUARANTEES)).digest('hex').slice(0, 12);
