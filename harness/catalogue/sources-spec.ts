// The MCP specification's own sentences behind catalogue guarantees (issue 16, part 4), quoted
// from github.com/modelcontextprotocol/modelcontextprotocol (revisions 2025-11-25 and
// 2026-07-28). A sentence is attached when it asks a client or host for part of what the
// guarantee's checks observe, in the situation they set up; `beyond` says what the guarantee
// asks on top. A guarantee without an entry here is this catalogue's stricter contract: no
// sentence of either revision asks it (session hijacking and token passthrough, for one, are
// asked of servers only, and the one client sentence on tokens is cited under CRED-2).
import type { SpecKeyword, SpecRevision, SpecSource } from './source-schema.js';

const BOTH: readonly SpecRevision[] = ['2025-11-25', '2026-07-28'];

/** A page of one revision: its file, its title, and its public address. */
interface Page {
  path: (rev: SpecRevision) => string;
  title: string;
}

const page = (title: string, path: (rev: SpecRevision) => string): Page => ({ title, path });

const SPEC = (file: string) => (rev: SpecRevision) => `docs/specification/${rev}/${file}.mdx`;
const TOOLS = page('Tools', SPEC('server/tools'));
const OVERVIEW = page('Specification', SPEC('index'));
const ELICITATION = page('Elicitation', SPEC('client/elicitation'));
const SAMPLING = page('Sampling', SPEC('client/sampling'));
const BEST_PRACTICES = page('Security Best Practices', (rev) => `docs/docs/${rev}/tutorials/security/security_best_practices.mdx`);

/** The page's address on modelcontextprotocol.io: its path without docs/, .mdx and a final /index. */
function urlOf(path: string, anchor: string | null): string {
  const route = path
    .replace(/^docs\//, '')
    .replace(/\.mdx$/, '')
    .replace(/\/index$/, '');
  return `https://modelcontextprotocol.io/${route}${anchor === null ? '' : `#${anchor}`}`;
}

interface Citation {
  page: Page;
  /** Headings below the page title, down to the sentence. */
  headings: readonly string[];
  anchor: string | null;
  quote: string;
  keyword: SpecKeyword;
  party: SpecSource['party'];
  beyond?: string;
}

/** One record per revision that has the same sentence on the same page. */
function cite(revisions: readonly SpecRevision[], c: Citation): SpecSource[] {
  return revisions.map((revision) => {
    const path = c.page.path(revision);
    return {
      revision,
      section: [c.page.title, ...c.headings].join(' › '),
      path,
      url: urlOf(path, c.anchor),
      quote: c.quote,
      keyword: c.keyword,
      party: c.party,
      ...(c.beyond === undefined ? {} : { beyond: c.beyond }),
    };
  });
}

/** One sentence whose page moved between revisions: each revision's own page and headings. */
function citeMoved(
  c: Omit<Citation, 'page' | 'headings' | 'anchor'>,
  places: Record<SpecRevision, Pick<Citation, 'page' | 'headings' | 'anchor'>>,
): SpecSource[] {
  return BOTH.flatMap((rev) => cite([rev], { ...c, ...places[rev] }));
}

const CONSENT_PRINCIPLE: Citation = {
  page: OVERVIEW,
  headings: ['Security and Trust & Safety', 'Key Principles', 'Tool Safety'],
  anchor: 'key-principles',
  quote: 'Hosts must obtain explicit user consent before invoking any tool',
  keyword: 'principle',
  party: 'host',
};

const HUMAN_IN_THE_LOOP: Citation = {
  page: TOOLS,
  headings: ['User Interaction Model'],
  anchor: 'user-interaction-model',
  quote: 'For trust & safety and security, there SHOULD always be a human in the loop with the ability to deny tool invocations.',
  keyword: 'SHOULD',
  party: 'host',
};

const CLIENTS_SHOULD = (item: string): string => `Clients SHOULD: … ${item}`;
const TOOL_SECURITY = (item: string, beyond: string): Citation => ({
  page: TOOLS,
  headings: ['Security Considerations'],
  anchor: 'security-considerations',
  quote: CLIENTS_SHOULD(item),
  keyword: 'SHOULD',
  party: 'client',
  beyond,
});

const TIMEOUTS = (beyond: string): SpecSource[] =>
  citeMoved(
    {
      quote: 'Implementations SHOULD establish timeouts for all sent requests, to prevent hung connections and resource exhaustion.',
      keyword: 'SHOULD',
      party: 'client',
      beyond,
    },
    {
      '2025-11-25': { page: page('Lifecycle', SPEC('basic/lifecycle')), headings: ['Timeouts'], anchor: 'timeouts' },
      '2026-07-28': { page: page('Cancellation', SPEC('basic/patterns/cancellation')), headings: ['Timeouts'], anchor: 'timeouts' },
    },
  );

const REAPED =
  'the catalogue asks that the server and every process it started are stopped and reaped on every exit of the host: end of input, quit, SIGINT, SIGTERM';

export const SPEC_SOURCES: Readonly<Record<string, readonly SpecSource[]>> = {
  'DISCOVER-2': TIMEOUTS('the catalogue also connects servers in parallel, each under its own 10 s deadline, so slow servers do not add up'),
  'DISCOVER-3': cite(BOTH, {
    page: TOOLS,
    headings: ['User Interaction Model'],
    anchor: 'user-interaction-model',
    quote: 'Applications SHOULD: … Provide UI that makes clear which tools are being exposed to the AI model',
    keyword: 'SHOULD',
    party: 'host',
    beyond: 'the catalogue asks for one status line per server before the first question: its tool count and destination, or "unavailable" with a reason',
  }),
  'EXPOSE-1': cite(['2026-07-28'], {
    page: TOOLS,
    headings: ['Data Types', 'Tool', 'Tool Names'],
    anchor: 'tool-names',
    quote:
      'Clients or proxies that aggregate tools from multiple servers MAY encounter naming collisions (for example, two servers each exposing a search tool) and SHOULD implement a disambiguation strategy such as prefixing tool names with a server identifier.',
    keyword: 'SHOULD',
    party: 'client',
    beyond: 'the catalogue requires the server in every offered name, and no MCP tool may shadow a built-in tool',
  }),
  'APPROVE-1': [...cite(BOTH, CONSENT_PRINCIPLE), ...cite(BOTH, HUMAN_IN_THE_LOOP)].map((s) => ({
    ...s,
    beyond: 'the catalogue asks for the approval of each call before any byte of it is sent, with deny as the default answer',
  })),
  'APPROVE-4': [
    ...cite(BOTH, {
      page: TOOLS,
      headings: ['Data Types', 'Tool'],
      anchor: 'tool',
      quote: 'For trust & safety and security, clients MUST consider tool annotations to be untrusted unless they come from trusted servers.',
      keyword: 'MUST',
      party: 'client',
      beyond: 'the catalogue lets no annotation skip or weaken the approval, whoever the server is',
    }),
    ...cite(BOTH, { ...CONSENT_PRINCIPLE, beyond: 'the catalogue lets no annotation skip or weaken the approval, whoever the server is' }),
  ],
  'APPROVE-5': cite(
    BOTH,
    TOOL_SECURITY(
      'Show tool inputs to the user before calling the server, to avoid malicious or accidental data exfiltration',
      'the catalogue also asks the confirmation for the server, its destination, the original tool name, formatted arguments cut at about 2 KiB with the cut marked, and the warning that the host cannot control what the server does',
    ),
  ),
  'RESULT-2': cite(BOTH, {
    page: TOOLS,
    headings: ['Error Handling'],
    anchor: 'error-handling',
    quote: 'Clients SHOULD provide tool execution errors to language models to enable self-correction.',
    keyword: 'SHOULD',
    party: 'client',
    beyond: 'the catalogue also passes JSON-RPC errors on (the specification says MAY), both as status failed',
  }),
  'RESULT-4': [
    ...cite(
      BOTH,
      TOOL_SECURITY('Implement timeouts for tool calls', 'the catalogue fixes the deadline (30 s after sending) and what the model is told (status unknown)'),
    ),
    ...TIMEOUTS('the catalogue fixes the deadline (30 s after sending) and what the model is told (status unknown)'),
  ],
  'CRED-1': citeMoved(
    {
      quote: 'Clients and servers MUST implement secure token storage and follow OAuth best practices, as outlined in OAuth 2.1, Section 7.1.',
      keyword: 'MUST',
      party: 'client',
      beyond: 'said of OAuth tokens; the catalogue allows static credentials only, typed with echo off and stored with mode 0600',
    },
    {
      '2025-11-25': { page: page('Authorization', SPEC('basic/authorization')), headings: ['Security Considerations', 'Token Theft'], anchor: 'token-theft' },
      '2026-07-28': {
        page: page('Authorization Security Considerations', SPEC('basic/authorization/security-considerations')),
        headings: ['Token Theft'],
        anchor: 'token-theft',
      },
    },
  ),
  'CRED-2': citeMoved(
    {
      quote: "MCP clients MUST NOT send tokens to the MCP server other than ones issued by the MCP server's authorization server.",
      keyword: 'MUST NOT',
      party: 'client',
      beyond:
        'said of OAuth access tokens; the catalogue says it of every credential (headers, environment variables) and also keeps them from the model provider',
    },
    {
      '2025-11-25': { page: page('Authorization', SPEC('basic/authorization')), headings: ['Access Token Usage', 'Token Handling'], anchor: 'token-handling' },
      '2026-07-28': {
        page: page('Authorization', SPEC('basic/authorization/index')),
        headings: ['Access Token Usage', 'Token Handling'],
        anchor: 'token-handling',
      },
    },
  ),
  'NET-4': cite(BOTH, {
    page: BEST_PRACTICES,
    headings: ['Attacks and Mitigations', 'Server-Side Request Forgery (SSRF)', 'Mitigation'],
    anchor: 'server-side-request-forgery-ssrf',
    quote: 'MCP clients SHOULD block requests to private and reserved IP address ranges as recommended by RFC 9728 Section 7.7',
    keyword: 'SHOULD',
    party: 'client',
    beyond:
      'said of OAuth-related URLs a server supplies (such as the resource_metadata of a 401 challenge); the catalogue allows no destination but the configured ones and the model provider',
  }),
  'STDIO-5': [
    ...cite(['2025-11-25'], {
      page: page('Lifecycle', SPEC('basic/lifecycle')),
      headings: ['Lifecycle Phases', 'Shutdown', 'stdio'],
      anchor: 'shutdown',
      quote:
        'For the stdio transport, the client SHOULD initiate shutdown by: 1. First, closing the input stream to the child process (the server) 2. Waiting for the server to exit, or sending SIGTERM if the server does not exit within a reasonable time 3. Sending SIGKILL if the server does not exit within a reasonable time after SIGTERM',
      keyword: 'SHOULD',
      party: 'client',
      beyond: REAPED,
    }),
    ...cite(['2026-07-28'], {
      page: page('stdio', SPEC('basic/transports/stdio')),
      headings: ['Shutdown'],
      anchor: 'shutdown',
      quote:
        'The client SHOULD initiate shutdown by: 1. Closing the input stream to the child process (the server). 2. Waiting for the server to exit. 3. If the server does not exit within a reasonable time, forcibly terminating the process using the mechanism appropriate for the operating system.',
      keyword: 'SHOULD',
      party: 'client',
      beyond: REAPED,
    }),
  ],
  'CONFIG-1': cite(BOTH, {
    page: BEST_PRACTICES,
    headings: ['Attacks and Mitigations', 'Local MCP Server Compromise', 'Mitigation'],
    anchor: 'local-mcp-server-compromise',
    quote: 'If an MCP client supports one-click local MCP server configuration, it MUST implement proper consent mechanisms prior to executing commands.',
    keyword: 'MUST',
    party: 'client',
    beyond:
      'the specification asks for consent before a configuration the user did not write runs a command; the catalogue never reads MCP configuration from the project directory at all',
  }),
  'INJECT-1': cite(BOTH, {
    ...CONSENT_PRINCIPLE,
    beyond: 'the catalogue also asks that instruction-like server text reaches the model only as labelled tool data',
  }),
  'RESOURCE-1': cite(BOTH, {
    page: OVERVIEW,
    headings: ['Security and Trust & Safety', 'Key Principles', 'User Consent and Control'],
    anchor: 'key-principles',
    quote: 'Users must explicitly consent to and understand all data access and operations',
    keyword: 'principle',
    party: 'host',
    beyond: 'the catalogue reads resources only through a dedicated (server, uri) tool, after the same per-call approval, from that server alone',
  }),
  'TELEMETRY-1': cite(
    BOTH,
    TOOL_SECURITY('Log tool usage for audit purposes', 'the catalogue fixes the record: server id, original and offered tool names, status and latency in ms'),
  ),
  'ASK-1': cite(BOTH, {
    page: ELICITATION,
    headings: ['User Interaction Model'],
    anchor: 'user-interaction-model',
    quote:
      'MCP clients MUST: … Provide UI that makes it clear which server is requesting information … Respect user privacy and provide clear decline and cancel options',
    keyword: 'MUST',
    party: 'client',
    beyond:
      'the catalogue also lets only the user answer: an accepted elicitation carries only what the user typed (no defaults, no model-written values, no auto-accept)',
  }),
  'ASK-2': cite(BOTH, {
    page: SAMPLING,
    headings: ['User Interaction Model'],
    anchor: 'user-interaction-model',
    quote: 'For trust & safety and security, there SHOULD always be a human in the loop with the ability to deny sampling requests.',
    keyword: 'SHOULD',
    party: 'host',
    beyond: "the catalogue requires the user's approval before any part of a sampling request reaches the model",
  }),
  'ASK-3': [
    ...cite(BOTH, {
      page: ELICITATION,
      headings: ['User Interaction Model'],
      anchor: 'user-interaction-model',
      quote: 'Servers MUST NOT use form mode elicitation to request sensitive information such as passwords, API keys, access tokens, or payment credentials',
      keyword: 'MUST NOT',
      party: 'server',
      beyond:
        "said of servers; the catalogue asks the host never to hand a server credentials, other servers' data or the user's files in any answer to its requests",
    }),
    ...cite(BOTH, {
      page: SAMPLING,
      headings: ['Security Considerations'],
      anchor: 'security-considerations',
      quote: 'Both parties MUST handle sensitive data appropriately',
      keyword: 'MUST',
      party: 'client',
      beyond:
        "the catalogue fixes what appropriately means for the host: no answer to a server's request holds credentials, other servers' data or file contents the user did not type",
    }),
  ],
  'TRANSPORT-1': cite(['2025-11-25'], {
    page: page('Transports', SPEC('basic/transports')),
    headings: [],
    anchor: null,
    quote: 'Clients SHOULD support stdio whenever possible.',
    keyword: 'SHOULD',
    party: 'client',
    beyond: 'the catalogue asks for Streamable HTTP as well',
  }),
};
