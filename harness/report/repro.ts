// A finding as a folder its host's maintainer runs without this suite's checkout (issue 25,
// item 3): which finding a name means in a report, and the folder's README.md and package.json.
// harness/cli/repro-command.ts writes the rest (the packed suite, the host's profile and
// configuration, the scenario's source).
//
// The folder's one command is `run` of that one scenario, not `serve` with the host started by
// hand: run drives the host as it did when the finding was made (fresh HOME, approvals,
// restarts and interrupts at their moments) and grades it, so the maintainer sees the same FAIL
// and, after a fix, a PASS. `serve` is in the README for poking at the fakes by hand.
import { TIER_TITLES } from '../catalogue/tiers.js';
import { decisiveEvidence, findingsOf, type Finding } from './findings.js';
import { mdCodeBlock, mdInline } from './markdown.js';
import { ReportError } from './report-error.js';
import type { CheckResult, HostRun, Report } from './schema.js';
import { catalogueMap, hostName } from './summary.js';

export interface ReproTarget {
  run: HostRun;
  finding: Finding;
  /** The check whose scenario the folder runs: the one named, else the finding's first. */
  check: CheckResult;
}

/** The host as the folder's run selects it. */
export interface ReproHost {
  /** `run --host` in the folder: a name the package knows, or its profile file there. */
  selector: string;
  /** The profile file written into the folder, if the host needs one. */
  profileFile: string | null;
  /** The host's npm package, when the suite knows it. */
  package: string | null;
  /** How the run finds the host (Markdown). */
  provide: string;
  /**
   * The host's one-time step (its profile's `prepare`) that the folder's `npm install` runs
   * (package.json's postinstall): the script, the folder it fills and the program it runs.
   */
  prepare?: { file: string; dir: string; bin: string };
  /** Strings of the profile naming files the folder lacks (Markdown, one line each): to put in place or adjust before the run. */
  lacks?: string[];
}

/** What the folder holds besides README.md and package.json. */
export interface ReproFolder {
  tarball: string;
  suite: { version: string; revision: string | null };
  host: ReproHost;
  scenarioFile: string;
  /** The host's configuration as the suite wrote it: the copy in the folder and where the host reads it. */
  configFiles: { file: string; where: string }[];
  serversFile: string;
}

/** Where the folder's run writes its reports. */
export const RESULT_DIR = 'result';

/** The host run of `host` in the report; without a name, the report's only host. */
function hostRunOf(report: Report, host: string | undefined): HostRun {
  const names = report.hosts.map((h) => h.run.host.name);
  if (host === undefined) {
    if (report.hosts.length === 1) return report.hosts[0] as HostRun;
    throw new ReportError('NO_SUCH_HOST', `the report has ${names.length} hosts (${names.join(', ')}): choose one with --host`);
  }
  const run = report.hosts.find((h) => h.run.host.name === host);
  if (run === undefined) throw new ReportError('NO_SUCH_HOST', `the report has no host "${host}" (it has ${names.join(', ')})`);
  return run;
}

/** The finding `wanted` names for the host: its key ("NET-2 scenario/check") or the id of one of its checks. */
export function reproTarget(report: Report, wanted: string, host?: string): ReproTarget {
  const run = hostRunOf(report, host);
  const name = run.run.host.name;
  const findings = findingsOf(run.checks, catalogueMap(report));
  const byKey = findings.find((f) => f.key === wanted);
  if (byKey !== undefined) return { run, finding: byKey, check: byKey.checks[0] as CheckResult };
  for (const finding of findings) {
    const check = finding.checks.find((c) => c.id === wanted);
    if (check !== undefined) return { run, finding, check };
  }
  const check = run.checks.find((c) => c.id === wanted);
  if (check !== undefined)
    throw new ReportError('NO_SUCH_FINDING', `check ${wanted} is ${check.verdict} for ${name} in this report: only FAIL and NON-STRICT checks are findings`);
  const known =
    findings.length === 0
      ? 'it has no findings'
      : `its findings include ${findings
          .slice(0, 3)
          .map((f) => `"${f.key}"`)
          .join(', ')}`;
  throw new ReportError('NO_SUCH_FINDING', `no finding or check "${wanted}" for ${name} in this report (${known})`);
}

/** The folder's one command: install the packed suite, then run the scenario against the host. */
export function reproRunCommand(target: ReproTarget, host: ReproHost): string {
  const protocol = target.run.run.protocol === null ? '' : ` --protocol ${target.run.run.protocol}`;
  return `npm install --no-audit --no-fund && npx mcp-host-conformance run --host ${host.selector} --scenario ${target.check.scenario}${protocol} --out ${RESULT_DIR}`;
}

export function reproPackageJson(target: ReproTarget, folder: ReproFolder): string {
  const manifest = {
    name: `repro-${target.check.scenario}`,
    private: true,
    description: `${hostName(target.run)}: ${target.finding.key}`,
    ...(folder.host.prepare === undefined ? {} : { scripts: { postinstall: `sh ${folder.host.prepare.file}` } }),
    dependencies: { 'mcp-host-conformance': `file:${folder.tarball}` },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The other checks of the finding, by scenario, each scenario with the command that runs it here. */
function otherChecks(target: ReproTarget, host: ReproHost): string[] {
  const others = target.finding.checks.filter((c) => c.id !== target.check.id);
  if (others.length === 0) return [];
  const scenarios = [...new Set(others.map((c) => c.scenario))];
  return [
    '',
    `The same cause fails ${others.length} more check${others.length === 1 ? '' : 's'} of the report:`,
    '',
    ...scenarios.flatMap((s) => {
      const run =
        s === target.check.scenario
          ? ' (this scenario)'
          : `: \`npx mcp-host-conformance run --host ${host.selector} --scenario ${s} --out ${RESULT_DIR}-${s}\``;
      return [`- ${mdInline(s)}${run}`, ...others.filter((c) => c.scenario === s).map((c) => `  - ${mdInline(c.id)} (${c.verdict}): ${mdInline(c.observed)}`)];
    }),
  ];
}

/** What `npm install` does besides installing the suite: the host's one-time step, if it has one. */
function prepareStep(host: ReproHost): string[] {
  if (host.prepare === undefined) return [];
  const { file, dir, bin } = host.prepare;
  return [
    '',
    `\`npm install\` also runs \`${file}\` (package.json's postinstall): the host's one-time step that the suite's own install runs, \`${mdInline(bin)}\` once, filling \`${dir}/\` here, where \`${host.profileFile ?? ''}\` points the host. If it fails, \`npm install\` stops.`,
  ];
}

/** What the profile names that the folder lacks, as a list to deal with before the run. */
function lacks(host: ReproHost): string[] {
  if (host.lacks === undefined || host.lacks.length === 0) return [];
  return ['', `Before running it: \`${host.profileFile ?? ''}\` names files this folder does not have:`, '', ...host.lacks.map((l) => `- ${l}`)];
}

/** How the run shows the check while the finding stands: a FAIL fails the run and report.md lists it; a SHOULD missed (NON-STRICT) does neither. */
function lookFor(check: CheckResult): string[] {
  const counted = `the run's line \`[1/1] ${mdInline(check.scenario)}: ...\` counts a ${check.verdict}`;
  const evidence = "with what was expected and observed (as above) and the evidence: what the fake servers, the model and the host's screen recorded";
  return check.verdict === 'FAIL'
    ? [
        `- While the finding stands, ${counted} and the run ends with \`Result: checks failed: ...\` (exit 1); once the host is fixed the check is PASS.`,
        `- \`${RESULT_DIR}/report.md\` lists check \`${mdInline(check.id)}\` ${evidence}; \`${RESULT_DIR}/index.html\` has every check's evidence.`,
      ]
    : [
        `- While the finding stands, ${counted} (a SHOULD missed: it does not fail the run by itself); once the host is fixed the check is PASS.`,
        `- \`${RESULT_DIR}/index.html\` (or \`${RESULT_DIR}/report.json\`) shows check \`${mdInline(check.id)}\` ${evidence}.`,
      ];
}

export function reproReadme(target: ReproTarget, folder: ReproFolder): string {
  const { run, finding, check } = target;
  const host = run.run.host;
  const evidence = decisiveEvidence(check.evidence, check.observed);
  const suite = `${folder.suite.version}${folder.suite.revision === null ? '' : ` @ ${folder.suite.revision.slice(0, 12)}`}`;
  const madeWith = `${run.run.suite.version}${run.run.suite.revision === null ? '' : ` @ ${run.run.suite.revision.slice(0, 12)}`}`;
  return [
    `# ${mdInline(hostName(run))}: ${mdInline(finding.key)}`,
    '',
    `**${finding.severity}** · tier ${TIER_TITLES[finding.tier]} · ${mdInline(finding.guarantees.join(', '))}`,
    '',
    `> ${mdInline(finding.title)}`,
    '',
    `Found by mcp-host-conformance ${mdInline(madeWith)} in a run of ${mdInline(run.run.startedAt)} against ${mdInline(folder.host.package ?? host.name)}${host.version === null ? '' : ` ${mdInline(host.version)}`}: check \`${mdInline(check.id)}\` was **${check.verdict}** (${check.level}).`,
    '',
    '## What the suite saw',
    '',
    `**Expected:** ${mdInline(check.expected)}`,
    '',
    `**Observed:** ${mdInline(check.observed)}`,
    ...(evidence === null ? [] : ['', `**Evidence** (${mdInline(evidence.source)}):`, '', mdCodeBlock(evidence.line)]),
    ...otherChecks(target, folder.host),
    '',
    '## Run it',
    '',
    `Needs Node >= 20.19 on Linux, the npm registry, and the host: ${folder.host.provide}. In this folder:`,
    '',
    mdCodeBlock(reproRunCommand(target, folder.host), 'sh'),
    '',
    "It installs the packed suite, starts the scenario's fake MCP servers and scripted model, starts the host in a fresh HOME and plays the scenario's user, then grades what the fakes recorded.",
    ...prepareStep(folder.host),
    ...lacks(folder.host),
    '',
    '## What to look for',
    '',
    ...lookFor(check),
    '',
    '## What is here',
    '',
    `- \`${folder.tarball}\` and \`package.json\`: mcp-host-conformance ${mdInline(suite)}, with the fake servers and scripted models of its scenarios.`,
    `- \`${folder.scenarioFile}\`: the scenario as the suite defines it: its fake servers (and how they misbehave), the scripted model's turns, the user's steps and the checks. Read it; the run uses the packed copy.`,
    ...(folder.host.profileFile === null ? [] : [`- \`${folder.host.profileFile}\`: how the suite starts and drives the host.`]),
    ...(folder.host.prepare === undefined
      ? []
      : [
          `- \`${folder.host.prepare.file}\`: the host's one-time step, run by \`npm install\`; it fills \`${folder.host.prepare.dir}/\`, which \`${folder.host.profileFile ?? ''}\` points the host at.`,
        ]),
    ...folder.configFiles.map((f) => `- \`${f.file}\`: the host's configuration as the suite wrote it at \`${mdInline(f.where)}\` for this scenario.`),
    `- \`${folder.serversFile}\`: the scenario's servers as the suite configures them (transport, address, headers, environment); a host that takes its servers in its protocol's session set-up (ACP session/new) is given these there.`,
    '',
    'Addresses, ports and credentials are fresh in every run (the credentials are canaries the suite looks for); the copies here are those of the run that made this folder.',
    '',
    '## By hand',
    '',
    `\`npx mcp-host-conformance serve --scenario ${check.scenario}\` starts the same fake servers and scripted model until Ctrl-C and prints their addresses and an \`mcpServers\` snippet; configure the host as above with those addresses, point it at the model, and type what the scenario's user types.`,
    '',
  ].join('\n');
}
