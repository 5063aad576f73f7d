// Benchmark (not a test) for the report writers: `npx tsx benchmarks/reports.bench.ts [KEEP_DIR]`
// (KEEP_DIR: also leave the benchmark's 3-host report there, to look at).
// Targets (issue 5): an HTML report for 3 hosts x 150 checks with evidence under 3 MB and
// interactive in chromium under 1 s; merge of 10 shard reports under 1 s.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { CDPSession } from 'playwright-core';
import { launchChromium } from '../harness/report/browser.js';
import { mergeReports } from '../harness/report/merge.js';
import { TIERS } from '../harness/catalogue/tiers.js';
import { readReportFile } from '../harness/report/report-file.js';
import type { CheckResult, Guarantee, HostRun, Report, Verdict } from '../harness/report/schema.js';
import { writeReports } from '../harness/report/write-reports.js';

const GROUPS = ['DISCOVER', 'EXPOSE', 'APPROVE', 'RESULT', 'UNKNOWN', 'CRED', 'NET', 'STDIO', 'LIMIT', 'REPLAY'];
const VERDICTS: Verdict[] = ['PASS', 'PASS', 'PASS', 'PASS', 'FAIL', 'NON-STRICT', 'PASS', 'UNSUPPORTED', 'PASS', 'HARNESS-ERROR'];
const RUNS = 5;

const guarantees: Guarantee[] = GROUPS.flatMap((group) =>
  Array.from({ length: 7 }, (_, i) => ({
    id: `${group}-${i + 1}`,
    group,
    level: 'MUST' as const,
    text: `${group} requirement ${i + 1}: `.padEnd(200, 'x'),
    optional: false,
  })),
);

/** A check with realistic evidence: a screen excerpt, a model request and a server journal (about 4 KB). */
function check(host: string, i: number): CheckResult {
  const g = guarantees[i % guarantees.length]!;
  return {
    id: `scenario-${Math.floor(i / 3)}/check-${i}`,
    scenario: `scenario-${Math.floor(i / 3)}`,
    guarantees: [g.id],
    level: g.level,
    verdict: VERDICTS[(i + host.length) % VERDICTS.length]!,
    expected: 'the host asks before sending any byte of the call and sends nothing when denied',
    observed: 'tools/call reached the server before the user answered <script>alert(1)</script>',
    durationMs: 1500 + i,
    evidence: [
      { kind: 'screen', source: 'host screen', excerpt: `\u001b[1mAllow docs.search?\u001b[0m [y/N] `.repeat(30) },
      {
        kind: 'model-request',
        source: `model request #${i % 4}`,
        excerpt: JSON.stringify({ tools: [{ name: 'mcp_docs_search', description: 'd'.repeat(900) }] }),
      },
      {
        kind: 'server-journal',
        source: 'server docs journal',
        excerpt: '{"method":"tools/call","params":{"name":"search","arguments":{"q":"x"}}}\n'.repeat(12),
      },
    ],
    rerun: `mcp-host-conformance run --host ${host} --only scenario-${Math.floor(i / 3)}`,
  };
}

function hostRun(name: string, checks: CheckResult[], shard: string | null): HostRun {
  return {
    run: {
      host: { name, version: '1.0.0', profile: null, declaredAbsent: [] },
      suite: { version: '0.1.0', revision: 'abcdef0' },
      node: process.version,
      os: 'linux',
      startedAt: '2026-01-10T10:00:00.000Z',
      endedAt: '2026-01-10T10:05:00.000Z',
      catalogueRevision: 'bench',
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

const HOSTS = ['refhost', 'codex', 'other-host'];
const full: Report = {
  schemaVersion: 1,
  generatedAt: '2026-01-10T10:05:00.000Z',
  guarantees,
  hosts: HOSTS.map((h) =>
    hostRun(
      h,
      Array.from({ length: 150 }, (_, i) => check(h, i)),
      null,
    ),
  ),
};

async function threadTime(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN) * 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const dir = mkdtempSync(join(tmpdir(), 'reports-bench-'));
try {
  // Writing all four formats (validation included).
  const writeTimes: number[] = [];
  let paths = writeReports(full, dir);
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    paths = writeReports(full, dir);
    writeTimes.push(performance.now() - t);
  }
  const htmlBytes = statSync(paths.html).size;
  if (process.argv[2]) writeReports(full, process.argv[2]);

  // Time to interactive: navigation until the page's script has drawn the matrix; then a click to an open detail panel.
  const browser = await launchChromium();
  const loadTimes: number[] = [];
  const inPage: number[] = [];
  const cpuTimes: number[] = [];
  const clickTimes: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      // Main-thread CPU time (CDP ThreadTime) as well as wall time: the wall figure swings
      // with whatever else the machine runs, the CPU figure much less.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      const cpu0 = await threadTime(cdp);
      const t = performance.now();
      await page.goto(pathToFileURL(paths.html).href);
      await page.waitForSelector('html[data-ready]');
      loadTimes.push(performance.now() - t);
      cpuTimes.push((await threadTime(cdp)) - cpu0);
      inPage.push(Number(await page.getAttribute('html', 'data-ready')));
      const c = performance.now();
      await page.click('button.cell.v-FAIL >> nth=0');
      await page.waitForSelector('#detail:not(.hidden) ol.evidence');
      clickTimes.push(performance.now() - c);
      await page.close();
    }
  } finally {
    await browser.close();
  }

  // Merge of 10 shard reports (3 hosts x 15 checks each): read + validate + merge, and merge alone.
  const shardFiles = Array.from({ length: 10 }, (_, s) => {
    const shard: Report = {
      ...full,
      hosts: full.hosts.map((h) => hostRun(h.run.host.name, h.checks.slice(s * 15, s * 15 + 15), `${s + 1}/10`)),
    };
    const file = join(dir, `shard-${s}.json`);
    writeFileSync(file, JSON.stringify(shard));
    return file;
  });
  const readMergeTimes: number[] = [];
  const mergeTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const shards = shardFiles.map(readReportFile);
    const m = performance.now();
    const merged = mergeReports(shards, shardFiles);
    const e = performance.now();
    if (merged.hosts.length !== 3 || merged.hosts[0]!.checks.length !== 150) throw new Error('merge produced the wrong matrix');
    readMergeTimes.push(e - t);
    mergeTimes.push(e - m);
  }

  const ms = (v: number): string => `${v.toFixed(1)} ms`;
  const lines = [
    `reports benchmark (3 hosts x 150 checks, 3 evidence items each; median of ${RUNS})`,
    `  index.html size                 ${(htmlBytes / 1024 / 1024).toFixed(2)} MB   (target < 3 MB)`,
    `  write all four formats          ${ms(median(writeTimes))}`,
    `  chromium: navigation -> ready   ${ms(median(loadTimes))}   (target < 1000 ms)`,
    `  chromium: ready at (in page)    ${ms(median(inPage))} after navigation start`,
    `  chromium: main-thread CPU time  ${ms(median(cpuTimes))} from navigation to ready`,
    `  chromium: click -> evidence     ${ms(median(clickTimes))}`,
    `  merge 10 shards: read+validate+merge ${ms(median(readMergeTimes))}, merge alone ${ms(median(mergeTimes))}   (target < 1000 ms)`,
  ];
  lines.push(
    `  (load average while measuring: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores)`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
