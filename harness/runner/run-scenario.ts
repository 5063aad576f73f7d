// One scenario against one host: sandbox, fixtures, host start, the scripted user,
// supervision (group kill, orphan scan, STDIO-5), observations, canary scan, verdicts.
// Everything started here is stopped here, whatever happens.
import { performance } from 'node:perf_hooks';
import type { HostAdapter } from '../adapters/host-adapter.js';
import { HarnessError } from '../errors.js';
import type { CheckResult } from '../report/schema.js';
import { createSandbox } from '../sandbox/sandbox.js';
import type { Observations, ServerObservation } from '../scenario/observations.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { killLeftovers, waitGone } from '../supervision/process-group.js';
import { scanRunProcesses, type ProcessInfo } from '../supervision/proc-scan.js';
import { assignRoles, ProcWatch, type ProcessRecord } from '../supervision/proc-watch.js';
import { withApprovalMoments } from './approval-moments.js';
import { scanRun } from './canary-scan.js';
import { collectFiles, collectToolOutputs, startupSeen, unavailableLines } from './collect.js';
import { startFixtures, type Fixtures } from './fixtures.js';
import { gradeChecks } from './grade.js';
import { placeScenarioFiles } from './scenario-files.js';
import { emptyScriptRun, runUserScript, type ScriptTiming } from './user-script.js';

export interface RunScenarioOptions {
  adapter: HostAdapter;
  timing?: Partial<ScriptTiming>;
  /** Grace for processes of the run to disappear after the host exited (ms). */
  leftoverGraceMs?: number;
}

export interface ScenarioRun {
  observations: Observations;
  results: CheckResult[];
}

const DEFAULT_TIMING: ScriptTiming = { stepMs: 5000, startMs: 15_000, exitMs: 5000 };

/** The exact command that reruns one scenario against one host. */
export function rerunCommand(hostSelector: string, scenario: string): string {
  return `npx mcp-host-conformance run --host ${hostSelector} --scenario ${scenario}`;
}

/** Processes still alive after the host is gone (given a short grace to finish dying). */
async function findLeftovers(marker: string, graceMs: number): Promise<ProcessInfo[]> {
  const first = scanRunProcesses(marker);
  if (first.length === 0) return [];
  const alive = new Set(await waitGone(first.map((p) => p.pid), graceMs));
  return first.filter((p) => alive.has(p.pid));
}

export async function runScenario(scenario: Scenario, options: RunScenarioOptions): Promise<ScenarioRun> {
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const started = performance.now();
  const sandbox = createSandbox(scenario.name);
  // What the host's processes hold while it runs (CRED-2, STDIO-3), also when each approval is shown.
  const watch = new ProcWatch(sandbox.root);
  const adapter = withApprovalMoments(options.adapter, (moment) => watch.snapshot(moment));
  const run = emptyScriptRun();
  const harnessErrors: string[] = [];
  let fixtures: Fixtures | null = null;
  let leftovers: ProcessInfo[] = [];
  let processes: (ProcessRecord & { role: string })[] = [];
  try {
    const configChannels = adapter.configFiles(sandbox).map((f) => `file:${sandbox.displayPath(f) ?? f}`);
    fixtures = await startFixtures(scenario, sandbox, configChannels);
    // Servers marked `added` come in later, through the host's own add command (DISCOVER-6).
    const configured = Object.entries(fixtures.servers).filter(([name]) => scenario.servers[name]?.added !== true);
    adapter.writeConfig(sandbox, Object.fromEntries(configured.map(([name, s]) => [name, s.entry])));
    placeScenarioFiles(sandbox, scenario.files ?? {});
    if (scenario.policy !== undefined) {
      // A host without a policy pack cannot be put in this cage: the checks say "not reached".
      if (adapter.writePolicy === undefined) run.outcome.stoppedAt = { step: 0, what: 'write the policy pack', reason: `host ${adapter.name} has no policy pack` };
      else adapter.writePolicy(sandbox, scenario.policy);
    }
    if (run.outcome.stoppedAt === null) {
      const start = { modelUrl: fixtures.model.baseUrl, apiKey: fixtures.apiKey.value, knobs: scenario.host, resume: scenario.resume ?? false };
      watch.start();
      run.sessions.push(await adapter.start(sandbox, start));
      await runUserScript(run, scenario.user, { adapter, sandbox, start, servers: fixtures.servers, timing });
    }
  } catch (error) {
    harnessErrors.push(error instanceof HarnessError ? error.message : `unexpected: ${(error as Error).stack ?? String(error)}`);
  } finally {
    watch.snapshot('end of the user script');
    watch.stop();
    for (const session of run.sessions) if (!session.hasExited()) await session.kill();
    const journals = Object.entries(fixtures?.servers ?? {}).flatMap(([name, s]) => (s.journalFile === null ? [] : [[name, s.journalFile] as const]));
    const serverOf = (p: Omit<ProcessInfo, 'role'>): string | null => {
      const server = journals.find(([, file]) => p.cmdline.some((a) => a.includes(file)));
      return server === undefined ? null : `server:${server[0]}`;
    };
    const found = await findLeftovers(sandbox.root, options.leftoverGraceMs ?? 500);
    // Roles from everything seen: a leftover child belongs to the server it descends from.
    processes = assignRoles([...watch.records(), ...found.map((p) => ({ ...p, moment: 'left running after the host exited' }))], serverOf);
    leftovers = processes.slice(processes.length - found.length);
    const survivors = await killLeftovers(leftovers);
    if (survivors.length > 0) harnessErrors.push(`processes ${survivors.join(', ')} of the run could not be killed`);
  }

  const servers: Record<string, ServerObservation> = {};
  for (const [name, s] of Object.entries(fixtures?.servers ?? {})) {
    let journal: ServerObservation['journal'] = [];
    try {
      journal = s.journal();
    } catch (error) {
      harnessErrors.push(`journal of server ${name} unreadable: ${(error as Error).message}`);
    }
    servers[name] = { name, transport: s.transport, destination: s.destination, journal };
  }
  const modelRequests = fixtures?.model.journal.requests() ?? [];
  const clockOffset = Number(process.hrtime.bigint()) / 1e6 - performance.now();
  const trapHits = fixtures?.trap.hits() ?? [];
  const files = collectFiles(sandbox);
  const configuredServers = adapter.configuredServers(sandbox);
  let telemetry: Observations['telemetry'] = null;
  try {
    telemetry = adapter.readTelemetry?.(sandbox) ?? null;
  } catch (error) {
    harnessErrors.push(`telemetry unreadable: ${(error as Error).message}`);
  }
  await fixtures?.close();
  // One screen for the whole scenario: sessions (restarts) one after another.
  const screens = run.sessions.map((s) => s.screen());
  const mergedScreen = {
    all: screens.map((s) => s.all).join(''),
    stdout: screens.map((s) => s.stdout).join(''),
    stderr: screens.map((s) => s.stderr).join(''),
    truncated: screens.some((s) => s.truncated),
  };
  const scan = scanRun({
    sandbox,
    screens: [...run.sessions.map((s, i) => ({ source: `host session #${i + 1}`, screen: s.screen() })), ...run.commands.map((c, i) => ({ source: `host command #${i + 1} (${c.command})`, screen: c.screen }))],
    modelRequests,
    servers,
    trapHits,
    processes,
  });
  const statusLines = mergedScreen.all.split('\n').filter((line) => new RegExp(adapter.statusLine.source).test(line));
  const observations: Observations = {
    scenario: scenario.name,
    hostPid: run.sessions[0]?.pid ?? null,
    screen: mergedScreen,
    statusLines,
    unavailable: unavailableLines(statusLines, adapter.unavailableLine),
    approvals: run.approvals,
    unknownGates: run.unknownGates,
    commands: run.commands,
    script: run.outcome,
    modelRequests,
    // receivedAt is performance.now() of this process; journals stamp process.hrtime.
    modelRequestMono: modelRequests.map((r) => r.receivedAt + clockOffset),
    toolOutputs: collectToolOutputs(modelRequests, adapter),
    servers,
    trapHits,
    files,
    configuredServers,
    leftovers,
    exits: run.exits,
    startups: run.sessions.map((session) => startupSeen(session.startupText(), adapter.flagPatterns)),
    telemetry,
    canaries: sandbox.canaries.all(),
    canarySightings: scan.sightings,
    canaryGaps: scan.gaps,
    harnessErrors,
  };
  sandbox.cleanup();
  const results = gradeChecks({
    scenario,
    observations,
    features: adapter.features,
    durationMs: Math.round(performance.now() - started),
    rerun: rerunCommand(adapter.selector, scenario.name),
  });
  return { observations, results };
}
