// Proves verdicts on hosts built nothing like refhost: every scenario runs against every
// known-answer host through its own profile, and every verdict must be what the host's answer
// key says, in both directions (an unearned PASS contradicts it as a false FAIL does). Entries
// the key marks pending (a known defect of the suite) are counted apart and must still differ.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runScenarios } from '../conformance/run-scenarios.js';
import type { CheckResult } from '../report/schema.js';
import { loadScenarios } from '../scenario/load-scenarios.js';
import { requireBuilt } from '../vitest/require-built.js';
import { contradictions, pendingChecks } from './answer-key.js';
import { knownAnswerHosts } from './known-answer-hosts.js';

const hosts = knownAnswerHosts();
const scenarios = await loadScenarios();
const items = hosts.flatMap((host) => scenarios.map((scenario) => ({ id: `${scenario.name} against ${host.name}`, scenario, adapter: host.adapter, host })));
let results = new Map<string, CheckResult[]>();
/** By host: a retried test (vitest.config.ts) replaces its own entries instead of counting them twice. */
const wrong = new Map<string, string[]>();
const pending = new Map<string, string[]>();

describe('known-answer hosts get the verdicts their keys give', () => {
  beforeAll(async () => {
    requireBuilt('dist/harness/known-answer-hosts/known-answer-hosts.js', ['harness/known-answer-hosts']);
    results = await runScenarios(items);
  }, 1_800_000);

  test('there are known-answer hosts to prove verdicts on', () => {
    expect(hosts.length).toBeGreaterThan(0);
  });

  for (const host of hosts) {
    test(host.name, () => {
      const own = items.filter((i) => i.host === host).flatMap((i) => results.get(i.id) ?? []);
      const found = contradictions(host.key, own).map((c) => `${c.check} was ${c.verdict}, key: ${c.expected}: ${c.detail}`);
      wrong.set(host.name, found);
      // What a pending check got, so a log tells whether its defect is still there and how it shows.
      pending.set(
        host.name,
        pendingChecks(host.key, own).map((r) => `${host.name}: ${r.id} was ${r.verdict}: ${r.observed.slice(0, 300)}`),
      );
      expect(found).toEqual([]);
      expect(own.length).toBe(scenarios.reduce((n, s) => n + s.checks.length, 0));
    });
  }

  afterAll(() => {
    const checks = [...results.values()].flat().length;
    const pendingLines = [...pending.values()].flat();
    for (const line of pendingLines) console.info(`pending: ${line}`);
    const contradicting = [...wrong.values()].flat().length;
    console.info(
      `known-answer hosts: ${hosts.length} hosts, ${checks} checks, ${contradicting} contradictions${pendingLines.length > 0 ? ` (${pendingLines.length} known defects of the suite pending)` : ''}`,
    );
  });
});
