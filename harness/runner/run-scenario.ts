// One scenario against one host: sandbox, fixtures, host start, the scripted user,
// supervision (group kill, orphan scan, STDIO-5), observations, canary scan, verdicts.
// Everything started here is stopped here, whatever happens.
import { shownLines } from '../scenario/evidence.js';
import { meter, meterAsync, openSpan } from '../performance/cost-meter.js';
import { performance } from 'node:perf_hooks';
import { monotonicMs } from '../../fake-servers/mcp/journal.js';
import { deadlinesInForce, deadlinesWaited, HostRefused, type HostAdapter, type HostCapabilities, type Knobs } from '../adapters/host-adapter.js';
import { HarnessError } from '../errors.js';
import type { CheckResult, Leftover } from '../report/schema.js';
import { startNameWatch, type NameWatch } from '../sandbox/name-watch.js';
import { createSandbox } from '../sandbox/sandbox.js';
import { emptyObservations, type Observations, type ServerObservation } from '../scenario/observations.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { containment } from '../supervision/pid-namespace.js';
import { killLeftovers } from '../supervision/process-group.js';
import type { ProcessInfo } from '../supervision/proc-scan.js';
import { ProcessScope } from '../supervision/process-scope.js';
import { assignRoles, ProcWatch, type ProcessRecord } from '../supervision/proc-watch.js';
import { withApprovalMoments } from './approval-moments.js';
import { scanRun } from './canary-scan.js';
import { collectFiles, collectToolOutputs, startupSeen, unavailableLines } from './collect.js';
import { fixtureHost, JOURNAL_SETTLE_MS, startFixtures, type Fixtures } from './fixtures.js';
import { gradeChecks, missingAbility, notApplicable } from './grade.js';
import { leftoversOf } from './leftovers.js';
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
  /** What outlived the host (observations.leftovers), as the report states it for every scenario. */
  leftovers: Leftover[];
}

/** Slack a step gets beyond the deadline in force that it may have to wait out (ms). */
const STEP_SLACK_MS = 5000;
const DEFAULT_TIMING: ScriptTiming = { stepMs: 5000, startMs: 15_000, exitMs: 5000 };

/**
 * Step deadlines from the deadlines in force: a host without knobs keeps its real 30 s call and
 * 10 s connect deadlines, so a step that may wait one out waits that long plus slack.
 */
export function timingFor(deadlines: Required<Knobs>, base: ScriptTiming = DEFAULT_TIMING): ScriptTiming {
  return {
    ...base,
    stepMs: Math.max(base.stepMs, deadlines.callTimeoutMs + STEP_SLACK_MS),
    startMs: Math.max(base.startMs, deadlines.connectTimeoutMs + STEP_SLACK_MS),
  };
}

/**
 * What the host's real deadlines add to a scenario where it has no knob for the shorter ones
 * the scenario asks for (a scenario waits out at most two calls and one connect): its deadline
 * allows for it, and the scheduler starts such runs early (they are the long ones).
 */
export function deadlinesAddMs(scenario: Pick<Scenario, 'host'>, capabilities: Pick<HostCapabilities, 'knobs' | 'ownDeadlines'>): number {
  const inForce = deadlinesWaited(capabilities, scenario.host);
  const asked = {
    callTimeoutMs: scenario.host.callTimeoutMs ?? inForce.callTimeoutMs,
    connectTimeoutMs: scenario.host.connectTimeoutMs ?? inForce.connectTimeoutMs,
  };
  return 2 * Math.max(0, inForce.callTimeoutMs - asked.callTimeoutMs) + Math.max(0, inForce.connectTimeoutMs - asked.connectTimeoutMs);
}

/**
 * The whole scenario's deadline for the test engine: its own, plus what the host's real
 * deadlines add where it has no knob for the shorter ones the scenario asks for (a scenario
 * waits out at most two calls and one connect), plus, for every host start of its user script,
 * the start-up and exit deadlines: a budget written against the reference host (ready in under
 * a second, gone at end of input) must not run out on a host that takes seconds to start or
 * has to be stopped after its exit deadline (Gemini CLI over ACP, three starts in one scenario).
 * A server's ask may hold its call until the host's call deadline: each answerAsk step and the
 * step after it may each wait that out (a host that never shows the ask, codex-acp), so each
 * adds two steps' waits: the scenario ends with verdicts, not a HARNESS-ERROR.
 */
export function scenarioDeadlineMs(
  scenario: Pick<Scenario, 'timeoutMs' | 'host' | 'user'>,
  capabilities: Pick<HostCapabilities, 'knobs' | 'ownDeadlines'>,
  fallbackMs = 30_000,
): number {
  const inForce = deadlinesWaited(capabilities, scenario.host);
  const extra = deadlinesAddMs(scenario, capabilities);
  const timing = timingFor(inForce);
  const starts = 1 + scenario.user.filter((step) => 'restart' in step).length;
  const asks = scenario.user.filter((step) => 'answerAsk' in step).length;
  return (
    (scenario.timeoutMs ?? fallbackMs) + extra + (extra > 0 ? 2 * STEP_SLACK_MS : 0) + starts * (timing.startMs + timing.exitMs) + asks * 2 * timing.stepMs
  );
}

/** The exact command that reruns one scenario against one host. */
export function rerunCommand(hostSelector: string, scenario: string): string {
  return `npx mcp-host-conformance run --host ${hostSelector} --scenario ${scenario}`;
}

export async function runScenario(scenario: Scenario, options: RunScenarioOptions): Promise<ScenarioRun> {
  const { capabilities } = options.adapter;
  const deadlines = deadlinesInForce(capabilities, scenario.host);
  const timing = { ...timingFor(deadlinesWaited(capabilities, scenario.host)), ...options.timing };
  const started = performance.now();
  const rerun = rerunCommand(options.adapter.selector, scenario.name);
  // A scenario that needs what the host does not have (sessions, a quit command), or none of whose
  // checks apply to it (optional guarantees it declares absent), is not run: nothing would be graded.
  if (missingAbility(scenario, null, capabilities) !== null || scenario.checks.every((c) => notApplicable(scenario, c, capabilities) !== null)) {
    const observations = emptyObservations(scenario.name, hostTraits(options.adapter, deadlines));
    return { observations, results: gradeChecks({ scenario, observations, capabilities, durationMs: 0, rerun }), leftovers: [] };
  }
  const setUp = openSpan();
  const sandbox = createSandbox(scenario.name);
  const names = await watchNames();
  // Every process the host starts belongs to this scope (a PID namespace per host where possible, looking names up at the watch).
  const scope = new ProcessScope(names.watch?.resolvConf);
  // What the host's processes hold while it runs (CRED-2, STDIO-3), also when each approval is shown.
  const watch = new ProcWatch(sandbox.root, () => scope.roots());
  const adapter = withApprovalMoments(options.adapter, (moment) => watch.snapshot(moment));
  const run = emptyScriptRun();
  const harnessErrors: string[] = [];
  let fixtures: Fixtures | null = null;
  let leftovers: ProcessInfo[];
  let processes: (ProcessRecord & { role: string })[] = [];
  try {
    setUp('sandbox');
    fixtures = await meterAsync('fixtures', () => startFixtures(scenario, sandbox, fixtureHost(adapter, sandbox)));
    // Servers marked `added` come in later, through the host's own add command (DISCOVER-6).
    const configured = Object.entries(fixtures.servers).filter(([name]) => scenario.servers[name]?.added !== true);
    adapter.config.write(sandbox, Object.fromEntries(configured.map(([name, s]) => [name, s.entry])));
    placeScenarioFiles(sandbox, scenario.files ?? {});
    if (scenario.needs?.includes('legacy-session') === true) capabilities.resume?.legacy?.place(sandbox);
    if (scenario.policy !== undefined) {
      // A host without a policy pack cannot be put in this cage: the checks say "not reached".
      if (capabilities.policy === undefined)
        run.outcome.stoppedAt = { step: 0, what: 'write the policy pack', reason: `host ${adapter.name} has no policy pack` };
      else capabilities.policy.write(sandbox, scenario.policy);
    }
    if (run.outcome.stoppedAt === null) {
      const listed = configured.map(([, s]) => s);
      const serversListed = async (timeoutMs: number): Promise<void> => void (await Promise.all(listed.map((s) => s.listed(timeoutMs))));
      const start = { modelUrl: fixtures.model.baseUrl, apiKey: fixtures.apiKey.value, knobs: scenario.host, resume: scenario.resume ?? false, serversListed };
      const model = fixtures.model;
      run.sessionStarts.push({ request: 0, mono: monotonicMs() });
      watch.start();
      const session = await meterAsync('host start', () => scope.run(() => adapter.start(sandbox, start))).catch((error: unknown) => {
        // The host refused to start with its own error: its checks say "not reached", the suite did not break.
        if (!(error instanceof HostRefused)) throw error;
        run.outcome.stoppedAt = { step: 0, what: 'start the host', reason: error.message };
        return null;
      });
      if (session !== null) run.sessions.push(session);
      const ctx = {
        adapter,
        sandbox,
        start,
        servers: fixtures.servers,
        timing,
        modelRequests: () => model.journal.requests().length,
        configured: new Set(configured.map(([name]) => name)),
      };
      if (session !== null) await meterAsync('user script', () => scope.run(() => runUserScript(run, scenario.user, ctx)));
    }
  } catch (error) {
    harnessErrors.push(error instanceof HarnessError ? error.message : `unexpected: ${(error as Error).stack ?? String(error)}`);
  } finally {
    const tearDown = openSpan();
    watch.snapshot('end of the user script');
    watch.stop();
    for (const session of run.sessions) if (!session.hasExited()) await session.kill();
    const journals = Object.entries(fixtures?.servers ?? {}).flatMap(([name, s]) => (s.processMarker === null ? [] : [[name, s.processMarker] as const]));
    const serverOf = (p: Omit<ProcessInfo, 'role'>): string | null => {
      const server = journals.find(([, file]) => p.cmdline.some((a) => a.includes(file)));
      return server === undefined ? null : `server:${server[0]}`;
    };
    const found = await scope.leftovers(sandbox.root, () => 'other', options.leftoverGraceMs ?? 500);
    // Roles from everything seen: a leftover child belongs to the server it descends from.
    processes = assignRoles([...watch.records(), ...found.map((p) => ({ ...p, moment: 'left running after the host exited' }))], serverOf);
    leftovers = processes.slice(processes.length - found.length);
    const survivors = [...(await killLeftovers(leftovers)), ...(await scope.close())];
    if (survivors.length > 0) harnessErrors.push(`processes ${survivors.join(', ')} of the run could not be killed`);
    tearDown('teardown');
  }

  const collect = openSpan();
  // Every process of the run is gone: a journal stream still open would hide entries the checks need.
  if ((await fixtures?.settleJournals()) === false)
    harnessErrors.push(
      `a stdio server's journal had not ended ${JOURNAL_SETTLE_MS} ms after every process of the run was gone: its last entries may be missing`,
    );
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
  const trapHits = fixtures == null ? [] : [...fixtures.trap.hits(), ...fixtures.decoyTrap.hits()];
  const lookups: Observations['lookups'] =
    names.watch === undefined ? { watched: false, reason: names.reason } : { watched: true, names: names.watch.lookups() };
  await names.watch?.close();
  const files = collectFiles(sandbox);
  const configuredServers = adapter.config.read(sandbox);
  let telemetry: Observations['telemetry'] = null;
  try {
    telemetry = capabilities.telemetry?.read(sandbox) ?? null;
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
    ...(screens.some((s) => s.rendered !== undefined) ? { rendered: screens.map((s) => s.rendered ?? '').join('\n') } : {}),
    ...(screens.some((s) => s.shown !== undefined) ? { shown: screens.map((s) => s.shown ?? s.all).join('') } : {}),
    ...(screens.some((s) => s.seen !== undefined) ? { seen: screens.flatMap(shownLines) } : {}),
  };
  collect('collect');
  const scan = meter('canary scan', () =>
    scanRun({
      sandbox,
      screens: [
        ...run.sessions.map((s, i) => ({ source: `host session #${i + 1}`, screen: s.screen() })),
        ...run.commands.map((c, i) => ({ source: `host command #${i + 1} (${c.command})`, screen: c.screen })),
      ],
      modelRequests,
      modelSideCalls: fixtures?.model.journal.sideCalls() ?? [],
      servers,
      trapHits,
      processes,
    }),
  );
  const { reading } = adapter;
  const statusLines = screens.flatMap(shownLines).filter((line) => new RegExp(reading.statusLine.source).test(line));
  const observations: Observations = {
    scenario: scenario.name,
    hostPid: run.sessions[0]?.pid ?? null,
    host: hostTraits(adapter, deadlines),
    screen: mergedScreen,
    statusLines,
    unavailable: unavailableLines(statusLines, reading.unavailableLine),
    approvals: run.approvals,
    unknownGates: run.unknownGates,
    commands: run.commands,
    script: run.outcome,
    sessionStarts: run.sessionStarts,
    modelRequests,
    unresolvedTargets: fixtures?.model.journal.unresolved() ?? [],
    catalogue: fixtures?.catalogue ?? [],
    // receivedAt is performance.now() of this process; journals stamp process.hrtime.
    modelRequestMono: modelRequests.map((r) => r.receivedAt + clockOffset),
    toolOutputs: collectToolOutputs(modelRequests, reading.classifyOutput),
    servers,
    trapHits,
    lookups,
    files,
    configuredServers,
    leftovers,
    exits: run.exits,
    startups: run.sessions.map((session) => startupSeen(session.startupText(), reading.flags)),
    telemetry,
    canaries: sandbox.canaries.all(),
    canarySightings: scan.sightings,
    canaryGaps: scan.gaps,
    harnessErrors,
  };
  // Every host start, and the session each ran in (as the process watch saw it).
  const hostPids = run.sessions.map((s) => s.pid);
  const hosts = {
    pids: hostPids,
    sids: processes.filter((p) => hostPids.includes(p.pid)).map((p) => p.sid),
    killed: run.exits.some((e) => e.killedByHarness) || run.exits.length < run.sessions.length,
  };
  const left = leftoversOf(scenario.name, leftovers, hosts, sandbox.root);
  await meterAsync('sandbox removal', () => sandbox.cleanup());
  const results = meter('grading', () => gradeChecks({ scenario, observations, capabilities, durationMs: Math.round(performance.now() - started), rerun }));
  return { observations, results, leftovers: left };
}

/** A name watch for the hosts of one scenario: only hosts in a mount namespace of their own look names up there. */
async function watchNames(): Promise<{ watch?: NameWatch; reason: string }> {
  const how = await containment();
  if (how.mechanism !== 'pid-namespace') return { reason: `hosts do not run in namespaces of their own here (${how.reason})` };
  const watch = await startNameWatch();
  return 'problem' in watch ? { reason: watch.problem } : { watch, reason: '' };
}

function hostTraits(adapter: HostAdapter, deadlines: Required<Knobs>): Observations['host'] {
  const c = adapter.capabilities;
  return {
    builtins: c.builtins,
    unknownGate: c.unknownGate,
    quit: c.quit,
    resume: c.resume !== undefined,
    legacyMarker: c.resume?.legacy?.marker ?? null,
    deadlines,
    ...(c.model?.bridges === undefined ? {} : { bridges: c.model.bridges }),
    ...(c.serverStatus === false ? { serverStatus: false as const } : {}),
  };
}
