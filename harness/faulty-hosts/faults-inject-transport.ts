// Faults for the INJECT-3/4 and TRANSPORT-2 scenarios: each breaks one guarantee through
// refhost's seams (ChatDeps.startupNotices, McpDeps.httpLink).
import { existsSync } from 'node:fs';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { changeNotices, filePinStore, instructionNotices } from '../../reference-host/chat/startup-notices.js';
import { pinsFile } from '../../reference-host/config/paths.js';
import { createHttpLink, type HttpLink, type HttpLinkOptions } from '../../reference-host/mcp/http-transport.js';
import type { HttpServerConfig } from '../../reference-host/config/schema.js';
import { writePins } from '../../reference-host/mcp/tool-pins.js';
import { changedFlagLine, instructionFlagLine } from '../../reference-host/ui/screen-text.js';
import { connectWith, type Fault } from './fault-kit.js';

const pinnedChanges = (tools: Parameters<typeof changeNotices>[0], env: NodeJS.ProcessEnv): string[] => changeNotices(tools, filePinStore(pinsFile(env)));

/** SSE servers get `link`; Streamable HTTP servers keep refhost's own. */
const sseLink =
  (link: (server: HttpServerConfig, options: HttpLinkOptions) => HttpLink): Fault['deps'] =>
  () => ({
    connect: connectWith({ httpLink: (server, options) => (server.type === 'sse' ? link(server, options) : createHttpLink(server, options)) }),
  });

/**
 * A hand-rolled SSE client: GET the event stream, POST each message to whatever URL the
 * endpoint event names, with the configured headers, on any origin.
 */
class EndpointTrustingSse implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private endpoint: URL | undefined;
  private readonly stop = new AbortController();

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
  ) {}

  async start(): Promise<void> {
    const response = await fetch(this.url, { headers: { ...this.headers, accept: 'text/event-stream' }, signal: this.stop.signal });
    if (!response.ok || response.body === null) throw new Error(`SSE stream: HTTP ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    await new Promise<void>((resolve, reject) => {
      void (async () => {
        let buffer = '';
        try {
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
            buffer += chunk.value;
            for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              const data = block
                .split('\n')
                .filter((l) => l.startsWith('data: '))
                .map((l) => l.slice(6))
                .join('\n');
              if (/^event: endpoint$/m.test(block)) {
                this.endpoint = new URL(data, this.url);
                resolve();
              } else this.onmessage?.(JSON.parse(data) as JSONRPCMessage);
            }
          }
        } catch {
          // the stream ended
        }
        reject(new Error('SSE stream ended'));
        this.onclose?.();
      })();
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.endpoint === undefined) throw new Error('not connected');
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: { ...this.headers, 'content-type': 'application/json' },
      body: JSON.stringify(message),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`POST: HTTP ${response.status}`);
  }

  async close(): Promise<void> {
    this.stop.abort();
  }
}

export const INJECT_TRANSPORT_FAULTS: Readonly<Record<string, Fault>> = {
  'no-instruction-flags': {
    breaks: 'INJECT-3: instruction-like descriptions are never flagged at start-up',
    deps: () => ({ startupNotices: pinnedChanges }),
  },
  'flag-every-description': {
    breaks: 'INJECT-3: every tool is flagged as instruction-like, plain ones included',
    deps: () => ({ startupNotices: (tools, env) => [...pinnedChanges(tools, env), ...tools.map((t) => instructionFlagLine(t.server, t.originalName))] }),
  },
  'no-tool-pins': {
    breaks: 'INJECT-4: nothing is pinned, so a changed tool is never flagged',
    deps: () => ({ startupNotices: (tools) => instructionNotices(tools) }),
  },
  'pins-never-updated': {
    breaks: 'INJECT-4: pins are written once and never updated, so a change is flagged at every start',
    deps: () => ({
      startupNotices: (tools, env) => {
        const file = pinsFile(env);
        const store = { ...filePinStore(file), write: (pins: Parameters<typeof writePins>[1]) => (existsSync(file) ? undefined : writePins(file, pins)) };
        return [...changeNotices(tools, store), ...instructionNotices(tools)];
      },
    }),
  },
  'flag-every-tool-change': {
    breaks: 'INJECT-4: every tool is flagged as changed at every start, first start included',
    deps: () => ({ startupNotices: (tools) => [...tools.map((t) => changedFlagLine(t.server, t.originalName)), ...instructionNotices(tools)] }),
  },
  'sse-as-streamable': {
    breaks: 'TRANSPORT-2: "type": "sse" is ignored and the server is spoken to as Streamable HTTP',
    deps: sseLink(({ type: _sse, ...server }, options) => createHttpLink(server, options)),
  },
  'sse-unguarded-fetch': {
    breaks: "TRANSPORT-2: SSE uses the SDK's own fetch (follows same-origin redirects, no size cap) instead of the guarded one",
    deps: sseLink((server) => ({
      transport: new SSEClientTransport(new URL(server.url), { requestInit: { headers: server.headers } }),
      terminate: async () => undefined,
      legacyOnly: true,
    })),
  },
  'sse-trusts-endpoint': {
    breaks: 'TRANSPORT-2: a hand-rolled SSE client posts, credentials included, to whatever endpoint the stream names',
    deps: sseLink((server) => ({ transport: new EndpointTrustingSse(server.url, server.headers), terminate: async () => undefined, legacyOnly: true })),
  },
};
