// Fixed report fixtures for the writer, merge, diff and browser tests. Server-provided
// fields carry hostile text: markup, a script end tag, quotes, ANSI escapes, U+2028.
import type { CheckResult, Guarantee, HostRun, Report, Verdict } from '../schema.js';
import { TIERS } from '../../catalogue/tiers.js';

export const HOSTILE = {
  script: '<script>alert(1)</script>',
  endTag: '</script><img src=x onerror=alert(2)>',
  quotes: `"'&amp;`,
  ansi: '\u001b[31mred alert\u001b[0m',
  lineSep: 'before\u2028after',
} as const;

export const HOSTILE_TEXT = Object.values(HOSTILE).join(' | ');

export const GUARANTEES: Guarantee[] = [
  { id: 'DISCOVER-1', group: 'DISCOVER', level: 'MUST', text: 'Connection and tools/list happen once per process at start-up.', optional: false },
  { id: 'DISCOVER-3', group: 'DISCOVER', level: 'SHOULD', text: 'One status line per server before the first question.', optional: false },
  { id: 'EXPOSE-5', group: 'EXPOSE', level: 'MUST', text: 'The description names its origin, then the server text, then a note.', optional: false },
  {
    id: 'APPROVE-1',
    group: 'APPROVE',
    level: 'MUST',
    text: 'Every MCP call waits for an explicit approval before any byte of it is sent.',
    optional: false,
    sources: {
      seed: {
        doc: '000_6ec94f63f05727c9.txt',
        where: { section: '1. 一个问题，被路由到远端服务', lines: [43, 43] },
        quote: '你输入 y 之后才把参数发给 Context7。',
        gloss: `Arguments go only after you type y. ${HOSTILE.script}`,
      },
      spec: ['2025-11-25', '2026-07-28'].map((revision) => ({
        revision: revision as '2025-11-25' | '2026-07-28',
        section: 'Tools › User Interaction Model',
        path: `docs/specification/${revision}/server/tools.mdx`,
        url: `https://modelcontextprotocol.io/specification/${revision}/server/tools#user-interaction-model`,
        quote: 'For trust & safety and security, there SHOULD always be a human in the loop with the ability to deny tool invocations.',
        keyword: 'SHOULD' as const,
        party: 'host' as const,
        beyond: 'each call, before any byte of it is sent',
      })),
    },
  },
  {
    id: 'NET-2',
    group: 'NET',
    level: 'MUST',
    text: 'Redirects are never followed.',
    optional: false,
    sources: {
      seed: {
        doc: '000_6ec94f63f05727c9.txt',
        where: { section: '4.3 连接与发现的上限', lines: [104, 104] },
        quote: '不跟随重定向',
        gloss: 'Redirects are not followed.',
      },
      spec: [],
    },
  },
  { id: 'RESOURCE-1', group: 'RESOURCE', level: 'MUST', text: 'ReadMcpResource reads only listed resources.', optional: true },
  { id: 'TELEMETRY-1', group: 'TELEMETRY', level: 'MAY', text: 'Every call is attributable.', optional: false },
];

/** A check result "<scenario>/<check>" of these guarantees; `extra` overrides any field. */
export function checkResult(id: string, guarantees: string[], verdict: Verdict, extra: Partial<CheckResult> = {}): CheckResult {
  return {
    id,
    scenario: id.split('/')[0] ?? id,
    guarantees,
    level: GUARANTEES.find((g) => g.id === guarantees[0])?.level ?? 'MUST',
    verdict,
    expected: `expected behaviour of ${id}`,
    observed: verdict === 'PASS' ? 'as expected' : `observed behaviour of ${id}`,
    durationMs: 1200,
    evidence: [],
    rerun: `mcp-host-conformance run --host refhost --only ${id.split('/')[0]}`,
    ...extra,
  };
}

function check(id: string, guarantee: string, verdict: Verdict, extra: Partial<CheckResult> = {}): CheckResult {
  return checkResult(id, [guarantee], verdict, extra);
}

export function refhostChecks(): CheckResult[] {
  return [
    check('discover-once/initialize-before-model', 'DISCOVER-1', 'PASS'),
    check('discover-once/status-lines', 'DISCOVER-3', 'NON-STRICT'),
    check('expose-description/origin-first', 'EXPOSE-5', 'FAIL', {
      observed: `the description reached the model as the server wrote it: ${HOSTILE_TEXT}`,
      evidence: [
        { kind: 'model-request', source: 'model request #1', excerpt: `{"description":"${HOSTILE.script}"}` },
        { kind: 'screen', source: 'host screen', excerpt: `${HOSTILE.ansi}\n${HOSTILE.endTag}` },
        { kind: 'server-journal', source: 'server docs journal', excerpt: `tools/list -> ${HOSTILE.quotes} ${HOSTILE.lineSep}` },
      ],
    }),
    check('approve-deny/no-bytes-before-yes', 'APPROVE-1', 'PASS'),
    check('net-redirect/no-follow', 'NET-2', 'HARNESS-ERROR', { observed: 'fake server failed to start: EADDRINUSE' }),
    check('resource-read/listed-only', 'RESOURCE-1', 'UNSUPPORTED', { observed: 'profile declares RESOURCE absent' }),
    check('telemetry/attributable', 'TELEMETRY-1', 'INFO'),
  ];
}

export function hostRun(name: string, version: string | null, checks: CheckResult[], shard: string | null = null): HostRun {
  return {
    run: {
      host: { name, version, profile: `profiles/${name}.json`, declaredAbsent: name === 'codex' ? ['PROMPT'] : [] },
      suite: { version: '0.1.0', revision: '3fe2e96abcdef' },
      node: 'v20.20.0',
      os: 'linux 6.1 x64',
      startedAt: '2026-01-10T10:00:00.000Z',
      endedAt: '2026-01-10T10:01:30.000Z',
      catalogueRevision: 'cat-1',
      command: `mcp-host-conformance run --host ${name}`,
      shard,
      incomplete: null,
      containment: null,
      leftovers: [],
      requiredBy: 'catalogue',
      tiers: [...TIERS],
      protocol: null,
    },
    checks,
  };
}

export function report(...hosts: HostRun[]): Report {
  return { schemaVersion: 1, generatedAt: '2026-01-10T10:01:31.000Z', guarantees: GUARANTEES, hosts };
}

/** refhost alone: one check of every verdict, the FAIL carrying hostile evidence. */
export function refhostReport(): Report {
  return report(hostRun('refhost', '0.1.0', refhostChecks()));
}

/**
 * refhost with its FAIL as two runs of the scenario leave it (rerun.ts): FLAKY, the first run
 * failing on hostile evidence, the second passing on evidence of its own.
 */
export function refhostFlakyReport(): Report {
  const checks = refhostChecks().map((c): CheckResult => {
    if (c.verdict !== 'FAIL') return c;
    const again = {
      verdict: 'PASS' as const,
      observed: 'the description named its origin first',
      durationMs: 900,
      evidence: [{ kind: 'model-request' as const, source: 'model request #1', excerpt: '{"description":"[docs] search the docs"}' }],
    };
    return {
      ...c,
      verdict: 'FLAKY',
      observed: 'FAIL then PASS: the verdict differed between runs of the scenario',
      evidence: [],
      runs: [{ verdict: 'FAIL', observed: c.observed, durationMs: c.durationMs, evidence: c.evidence }, again],
    };
  });
  return report(hostRun('refhost', '0.1.0', checks));
}

/** A second host that fails differently, for matrices, merge and diff. */
export function otherHostRun(): HostRun {
  const verdicts: Verdict[] = ['FAIL', 'PASS', 'PASS', 'FAIL', 'PASS', 'UNSUPPORTED', 'INFO'];
  return hostRun(
    'codex',
    '0.9.1',
    refhostChecks().map((c, i) => ({ ...c, verdict: verdicts[i] ?? 'PASS', rerun: c.rerun.replace('refhost', 'codex') })),
  );
}

/** refhost's checks split into two shards with different times. */
export function refhostShards(): [Report, Report] {
  const checks = refhostChecks();
  const a = hostRun('refhost', '0.1.0', checks.slice(0, 4), '1/2');
  const b = hostRun('refhost', '0.1.0', checks.slice(4), '2/2');
  b.run.startedAt = '2026-01-10T09:59:00.000Z';
  b.run.endedAt = '2026-01-10T10:03:00.000Z';
  return [report(a), report(b)];
}
