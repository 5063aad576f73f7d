// Every fake server a scenario describes can be acted out on its transport (behaviour-fit.ts):
// a combination the transport cannot produce fails here, named, before any run, on every
// protocol revision a run can pin it to (--protocol).
import { describe, expect, test } from 'vitest';
import { assertBehaviourFitsTransport } from '../../fake-servers/mcp/behaviour-fit.js';
import { ProtocolOfferSchema } from '../../fake-servers/mcp/protocol-revision.js';
import { loadScenarios } from './load-scenarios.js';
import { behaviourOf } from './server-spec.js';

const ctx = { trapOrigin: 'http://127.0.0.1:9', trapUrl: 'http://127.0.0.1:9/trap', builtins: { names: [] } };
const servers = (await loadScenarios()).flatMap((scenario) =>
  Object.entries(scenario.servers).flatMap(([name, spec]) => ('raw' in spec ? [] : [{ where: `${scenario.name}/${name}`, spec }])),
);

describe('scenario fake servers', () => {
  test.each(servers.map((s) => [s.where, s.spec] as const))('%s fits its transport on every revision', (_where, spec) => {
    for (const pin of [undefined, ...ProtocolOfferSchema.options]) {
      expect(() => assertBehaviourFitsTransport(behaviourOf(spec, ctx, pin), spec.transport === 'stdio' ? 'stdio' : 'http'), `pinned to ${pin}`).not.toThrow();
    }
  });
});

describe('behaviourOf', () => {
  const behaviour = { tools: [{ name: 't' }], http: { session: 'stateful' as const } };

  test('pins the revision a scenario or run asks for over the behaviour own, and leaves it alone without a pin', () => {
    expect(behaviourOf({ transport: 'http', behaviour: { ...behaviour, protocol: 'both' } }, ctx, '2025-11-25').protocol).toBe('2025-11-25');
    expect(behaviourOf({ transport: 'http', behaviour: { ...behaviour, protocol: 'both' } }, ctx).protocol).toBe('both');
  });

  test('drops the session mode of a server pinned to 2026-07-28 alone, and keeps a legacy SSE server on its revision', () => {
    expect(behaviourOf({ transport: 'http', behaviour }, ctx, '2026-07-28')).toEqual({ tools: [{ name: 't' }], http: {}, protocol: '2026-07-28' });
    expect(behaviourOf({ transport: 'http', behaviour }, ctx, 'both').http).toEqual({ session: 'stateful' });
    expect(behaviourOf({ transport: 'sse', behaviour }, ctx, '2026-07-28').protocol).toBeUndefined();
  });
});
