// Every fake server a scenario describes can be acted out on its transport (behaviour-fit.ts):
// a combination the transport cannot produce fails here, named, before any run.
import { describe, expect, test } from 'vitest';
import { assertBehaviourFitsTransport } from '../../fake-servers/mcp/behaviour-fit.js';
import { loadScenarios } from './load-scenarios.js';
import { behaviourOf } from './server-spec.js';

const ctx = { trapOrigin: 'http://127.0.0.1:9', trapUrl: 'http://127.0.0.1:9/trap', builtins: { names: [] } };
const servers = (await loadScenarios()).flatMap((scenario) =>
  Object.entries(scenario.servers).flatMap(([name, spec]) => ('raw' in spec ? [] : [{ where: `${scenario.name}/${name}`, spec }])),
);

describe('scenario fake servers', () => {
  test.each(servers.map((s) => [s.where, s.spec] as const))('%s fits its transport', (_where, spec) => {
    expect(() => assertBehaviourFitsTransport(behaviourOf(spec, ctx), spec.transport === 'stdio' ? 'stdio' : 'http')).not.toThrow();
  });
});
