// Faults of RESOURCE-1..3 and PROMPT-1: hosts that read resources without asking, from the
// wrong server, of URIs nobody listed, or hand the model blobs and uncapped contents; and
// hosts that fetch prompts unasked, send them as system text or drop their server mark.
// They act through refhost's connect, wrapApprove and createModelClient seams.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createOpenAiModelClient } from '../../reference-host/chat/model-client.js';
import type { HistoryItem } from '../../reference-host/chat/history.js';
import type { ChatDeps } from '../../reference-host/chat/run-chat.js';
import { isHttpServer, type McpConfig } from '../../reference-host/config/schema.js';
import { connectAll } from '../../reference-host/mcp/connect-all.js';
import { mapReadResult } from '../../reference-host/mcp/resources.js';
import type { CallOutcome, McpConnections, PromptMessage } from '../../reference-host/mcp/types.js';
import type { Fault } from './fault-kit.js';

type Connect = NonNullable<ChatDeps['connect']>;
type Contents = { uri?: string; text?: string; blob?: string }[];

/** resources/read sent with a client of its own, past every check of refhost's. */
async function rawContents(config: McpConfig, server: string, uri: string): Promise<Contents> {
  const entry = config.mcpServers[server];
  if (entry === undefined || !isHttpServer(entry)) throw new Error(`faulty host: ${server} is not an HTTP server`);
  const client = new Client({ name: 'faulty-host', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(entry.url), { requestInit: { headers: entry.headers } }));
  try {
    return (await client.readResource({ uri })).contents as Contents;
  } finally {
    await client.close();
  }
}

/** Connects through refhost, then replaces members of the connections. */
function overriding(override: (c: McpConnections, config: McpConfig) => Partial<McpConnections>): Connect {
  return async (config, options) => {
    const c = await connectAll(config, options);
    return { ...c, ...override(c, config) };
  };
}

/** The real model client, each request's input rewritten first. */
function rewritingInput(rewrite: (input: readonly HistoryItem[]) => HistoryItem[]): ChatDeps['createModelClient'] {
  return (settings) => {
    const client = createOpenAiModelClient(settings);
    return { respond: (request) => client.respond({ ...request, input: rewrite(request.input) }) };
  };
}

const PROMPT_MARK = /^\[MCP prompt from server "[^"]*"\] /;
const isPromptItem = (item: HistoryItem): boolean => item.type === 'message' && item.role === 'user' && PROMPT_MARK.test(item.content);

const readFrom = (rewrite: (contents: Contents) => CallOutcome): Connect =>
  overriding((_c, config) => ({ readResource: async (server, uri) => rewrite(await rawContents(config, server, uri)) }));

export const RESOURCE_PROMPT_FAULTS: Readonly<Record<string, Fault>> = {
  'resource-read-unapproved': {
    breaks: 'RESOURCE-1: resource reads are sent without asking the user',
    deps: () => ({ wrapApprove: (ask) => async (request) => request.tool.originalName === 'resources/read' || (await ask(request)) }),
  },
  'resource-read-any-server': {
    breaks: 'RESOURCE-1: a read goes to every server that lists the URI',
    deps: () => ({
      connect: overriding((c) => ({
        readResource: async (server, uri, signal) => {
          const others = c.statuses.filter((s) => s.ok && s.server !== server && c.isOfferedResource(s.server, uri));
          for (const other of others) await c.readResource(other.server, uri, signal);
          return c.readResource(server, uri, signal);
        },
      })),
    }),
  },
  'resource-read-unlisted': {
    breaks: 'RESOURCE-2: URIs the server never listed are read anyway',
    deps: () => ({
      connect: overriding((c, config) => ({
        isOfferedResource: () => true,
        readResource: async (server, uri, signal) =>
          c.isOfferedResource(server, uri) ? c.readResource(server, uri, signal) : mapReadResult({ contents: await rawContents(config, server, uri) }),
      })),
    }),
  },
  'resource-blob-kept': {
    breaks: 'RESOURCE-3: blob contents reach the model as base64 text',
    deps: () => ({ connect: readFrom((contents) => mapReadResult({ contents: contents.map((c) => (c.blob === undefined ? c : { ...c, text: c.blob })) })) }),
  },
  'resource-no-cap': {
    breaks: 'RESOURCE-3: resource contents reach the model whole, past 64 KiB',
    deps: () => ({ connect: readFrom((contents) => ({ status: 'completed', output: contents.map((c) => c.text ?? '').join('\n') })) }),
  },
  'prompt-fetched-at-startup': {
    breaks: 'PROMPT-1: every server prompt is fetched at start-up and sent with each request, unasked and unshown',
    deps: () => {
      const fetched: PromptMessage[] = [];
      const connect: Connect = async (config, options) => {
        const c = await connectAll(config, options);
        for (const p of c.prompts) {
          const got = await c.getPrompt(p.server, p.name, {});
          if (got.ok) fetched.push(...got.messages);
        }
        return c;
      };
      const unasked = (): HistoryItem[] => fetched.map((m) => ({ type: 'message', role: 'user', content: m.text }));
      return { connect, createModelClient: rewritingInput((input) => [...unasked(), ...input]) };
    },
  },
  'prompt-as-system-text': {
    breaks: 'PROMPT-1: prompt messages are sent as system messages',
    deps: () => ({
      // The Responses API takes role "system" input items; refhost's own type has no such role.
      createModelClient: rewritingInput((input) => input.map((item) => (isPromptItem(item) ? ({ ...item, role: 'system' } as unknown as HistoryItem) : item))),
    }),
  },
  'prompt-unmarked': {
    breaks: 'PROMPT-1: prompt messages reach the model without naming their server',
    deps: () => ({
      createModelClient: rewritingInput((input) =>
        input.map((item) => (item.type === 'message' && isPromptItem(item) ? { ...item, content: item.content.replace(PROMPT_MARK, '') } : item)),
      ),
    }),
  },
};
