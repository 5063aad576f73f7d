import { describe, expect, it } from 'vitest';
import type { ServerBehaviour } from './behaviour.js';
import { assertBehaviourFitsTransport } from './behaviour-fit.js';
import type { Fault } from './fault-schema.js';

const sse = (behaviour: ServerBehaviour): ServerBehaviour => ({ ...behaviour, http: { ...behaviour.http, flavour: 'sse' } });
const fits = (behaviour: ServerBehaviour, transport: 'http' | 'stdio') => () => assertBehaviourFitsTransport(behaviour, transport);

describe('assertBehaviourFitsTransport', () => {
  it.each<[Fault['kind'], Fault]>([
    ['redirect', { kind: 'redirect', status: 301, location: '/x' }],
    ['auth', { kind: 'auth', status: 401 }],
    ['status', { kind: 'status', status: 503 }],
    ['headers-then-silence', { kind: 'headers-then-silence' }],
  ])('refuses %s over stdio, naming the stage', (_kind, fault) => {
    expect(fits({ stages: { 'tools/list': fault } }, 'stdio')).toThrow(
      /behaviour\.stages\['tools\/list'\]: .* not possible over stdio: stdio has no HTTP answer/,
    );
  });

  it('refuses a call outcome stdio cannot produce, naming the tool and the call', () => {
    expect(fits({ tools: [{ name: 'x', outcomes: [{ kind: 'echo' }, { kind: 'redirect', status: 307, location: '/' }] }] }, 'stdio')).toThrow(
      /behaviour\.tools\[0\] \("x"\)\.outcomes\[1\]: "redirect" is not possible over stdio/,
    );
    expect(fits({ listChanged: { tools: [{ name: 'b', outcome: { kind: 'auth', status: 403 } }] } }, 'stdio')).toThrow(
      /listChanged\.tools\[0\] \("b"\)\.outcome/,
    );
  });

  it('keeps exit codes to stdio', () => {
    expect(fits({ tools: [{ name: 'x', outcome: { kind: 'crash', code: 3 } }] }, 'stdio')).not.toThrow();
    expect(fits({ tools: [{ name: 'x', outcome: { kind: 'crash', code: 3 } }] }, 'http')).toThrow(/an exit code exists only for a stdio process/);
  });

  it('keeps declared sizes and framing to Streamable HTTP', () => {
    const sized: Fault = { kind: 'sized', bytes: 2000, declared: false };
    expect(fits({ stages: { 'tools/list': sized } }, 'http')).not.toThrow();
    expect(fits({ stages: { 'tools/list': sized } }, 'stdio')).toThrow(/declared applies to Streamable HTTP bodies only \(stdio answers are one line\)/);
    expect(fits(sse({ stages: { 'tools/list': { kind: 'partial', framing: 'json' } } }), 'http')).toThrow(/framing applies .*legacy SSE answers are events/);
    expect(fits({ stages: { 'tools/list': { kind: 'garbage', framing: 'sse' } } }, 'stdio')).toThrow(/framing applies/);
  });

  it('keeps blank-line padding to HTTP requests after initialize', () => {
    const sized: Fault = { kind: 'sized', bytes: 2000, pad: 'blank-lines' };
    expect(fits(sse({ tools: [{ name: 'x', outcome: sized }] }), 'http')).not.toThrow();
    expect(fits({ tools: [{ name: 'x', outcome: sized }] }, 'http')).not.toThrow();
    expect(fits({ tools: [{ name: 'x', outcome: sized }] }, 'stdio')).toThrow(/cannot cross stdio: a message there is one line/);
    expect(fits(sse({ stages: { initialize: sized } }), 'http')).toThrow(/an initialize answer must go through it/);
  });

  it('refuses the legacy SSE transport and sessions on a 2026-07-28-only server, and allows both beside 2025-11-25', () => {
    expect(fits(sse({ protocol: '2026-07-28' }), 'http')).toThrow(/legacy SSE transport exists only on 2025-11-25 and older/);
    expect(fits({ protocol: '2026-07-28', http: { session: 'stateful' } }, 'http')).toThrow(/revision 2026-07-28 has no sessions/);
    expect(fits(sse({ protocol: 'both' }), 'http')).not.toThrow();
    expect(fits({ protocol: 'both', http: { session: 'stateful' } }, 'http')).not.toThrow();
  });

  it('lets a raw opening answer through on a 2026-07-28-only server: it answers server/discover, no session to open', () => {
    expect(fits({ protocol: '2026-07-28', stages: { initialize: { kind: 'sized', bytes: 900, declared: true } } }, 'http')).not.toThrow();
  });

  it('refuses a raw initialize answer on a stateful Streamable HTTP server', () => {
    const stages = { initialize: { kind: 'sized', bytes: 900, declared: true } } as const;
    expect(fits({ stages }, 'http')).toThrow(/cannot open a Streamable HTTP session/);
    expect(fits({ stages, http: { session: 'stateless' } }, 'http')).not.toThrow();
  });

  it('refuses what follows garbage in an HTTP body', () => {
    expect(fits({ stages: { initialize: { kind: 'garbage', thenAnswer: true } } }, 'http')).toThrow(/an HTTP body ends with the garbage/);
    expect(fits(sse({ stages: { initialize: { kind: 'garbage', thenAnswer: true } } }), 'http')).not.toThrow();
    expect(fits({ stages: { initialize: { kind: 'garbage', thenAnswer: true } } }, 'stdio')).not.toThrow();
  });

  it('keeps headers-then-silence on legacy SSE to its event stream', () => {
    expect(fits(sse({ stages: { 'tools/list': { kind: 'headers-then-silence' } } }), 'http')).toThrow(/use "never"/);
    expect(fits(sse({ stages: { connect: { kind: 'headers-then-silence' } } }), 'http')).not.toThrow();
  });

  it('refuses notifications on application/json answers', () => {
    const tools = [{ name: 'busy', outcome: { kind: 'progress-forever' } }] as const;
    expect(fits({ tools: [...tools], http: { jsonResponse: true } }, 'http')).toThrow(/cannot carry notifications/);
    expect(fits({ tools: [...tools] }, 'http')).not.toThrow();
  });

  it('says what the connect stage can be on each transport', () => {
    expect(fits({ stages: { connect: { kind: 'never' } } }, 'stdio')).toThrow(/connect over stdio can be only crash, garbage .*use stages\.initialize/);
    expect(fits({ stages: { connect: { kind: 'delay', delayMs: 5 } } }, 'http')).toThrow(
      /connect over Streamable HTTP can be only crash, redirect, auth, status/,
    );
    expect(fits(sse({ stages: { connect: { kind: 'jsonrpc-error', code: 1, message: 'x' } } }), 'http')).toThrow(/connect over legacy SSE/);
    expect(fits(sse({ stages: { connect: { kind: 'partial' } } }), 'http')).not.toThrow();
  });

  it('keeps pages to tools/list', () => {
    expect(fits({ stages: { 'tools/list': { kind: 'never', page: 2 } } }, 'stdio')).not.toThrow();
    expect(fits({ prompts: [], stages: { 'prompts/list': { kind: 'never', page: 2 } } }, 'stdio')).toThrow(/only tools\/list has pages/);
  });

  it('refuses a list fault on a server with nothing to list there', () => {
    expect(fits({ stages: { 'resources/list': { kind: 'never' } } }, 'http')).toThrow(/stages\['resources\/list'\]: the server has nothing to list there/);
    expect(fits({ resources: [], stages: { 'resources/templates/list': { kind: 'never' } } }, 'http')).not.toThrow();
  });

  it('refuses sizes that cannot be met, naming the field', () => {
    expect(fits({ tools: [{ name: 'a' }, { name: 'b', inputSchemaBytes: 10 }] }, 'http')).toThrow(
      /behaviour\.tools\[1\]\.inputSchemaBytes: 10 bytes is less than the \d+ bytes/,
    );
    expect(fits({ generateTools: { count: 2 }, toolsList: { definitionsBytes: 10 } }, 'http')).toThrow(/toolsList\.definitionsBytes: 10 bytes is less than/);
    expect(fits({ tools: [{ name: 'a' }], toolsList: { definitionsBytes: 1000 } }, 'http')).toThrow(/needs generateTools/);
  });

  it('refuses two sources for one text', () => {
    expect(fits({ tools: [{ name: 'a', description: 'x', descriptionBytes: 10 }] }, 'http')).toThrow(/give description or descriptionBytes/);
    expect(fits({ resources: [{ uri: 'a://b', name: 'b', text: 'x', textBytes: 3 }] }, 'http')).toThrow(/give one of text, blob, textBytes/);
    expect(fits({ resources: [{ uri: 'a://b', name: 'b', blob: 'AA', contents: [{ text: 'x' }] }] }, 'http')).toThrow(/not blob and contents/);
    expect(fits({ generateTools: { count: 1, descriptionBytes: 5 }, toolsList: { definitionsBytes: 900 } }, 'http')).toThrow(
      /leave generateTools\.descriptionBytes out/,
    );
  });

  it('refuses a read fault a transport cannot act out, naming the resource', () => {
    expect(fits({ resources: [{ uri: 'a://b', name: 'b', fault: { kind: 'status', status: 500 } }] }, 'stdio')).toThrow(
      /behaviour\.resources\[0\] \("a:\/\/b"\)\.fault: "status" is not possible over stdio/,
    );
    expect(fits({ resources: [{ uri: 'a://b', name: 'b', fault: { kind: 'crash' } }] }, 'stdio')).not.toThrow();
  });

  it('refuses a rug pull over stdio', () => {
    expect(fits({ rugPull: { afterInitializes: 1, tools: [] } }, 'stdio')).toThrow(/rugPull needs a server that outlives host restarts/);
  });
});
