// Writes the repro folder of one finding (harness/report/repro.ts says what it is for): the
// packed suite and a package.json depending on it, the host's profile where it needs one (and
// the script its `npm install` runs for the host's one-time step: repro-host.ts), the
// configuration the suite writes for the host in that scenario, the scenario's source, README.md.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { suiteIdentity } from '../conformance/run-metadata.js';
import { DEFAULT_HOST, reportFolderName, resolveHost } from '../adapters/resolve-host.js';
import { prepareOutputDir } from '../report/output-dir.js';
import { ReportError } from '../report/report-error.js';
import { readReportFile } from '../report/report-file.js';
import { reproPackageJson, reproReadme, reproRunCommand, reproTarget, type ReproFolder, type ReproTarget } from '../report/repro.js';
import { writtenConfig } from '../runner/written-config.js';
import { loadScenario, scenarioFiles, scenarioName } from '../scenario/load-scenarios.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { spawnInGroup, stopGroup } from '../supervision/process-group.js';
import { suiteRoot } from '../suite-root.js';
import { reproHost } from './repro-host.js';

export interface ReproOptions {
  report?: string;
  host?: string;
  out?: string;
}

/** Packs the suite into `dir`: the tarball's file name and size. */
export type Packer = (dir: string) => Promise<{ file: string; bytes: number }>;

export interface ReproWritten {
  dir: string;
  target: ReproTarget;
  tarball: { file: string; bytes: number };
  /** The folder's one command. */
  command: string;
}

/** Where the folder's run finds the suite's files, as the copied configuration names them. */
const INSTALLED_SUITE = './node_modules/mcp-host-conformance';
const SERVERS_FILE = 'servers.json';
const CONFIG_DIR = 'host-config';

/** `npm pack` of the suite as its "files" select them; --ignore-scripts: the running dist/ is what goes in. */
export const npmPack: Packer = async (dir) => {
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  const proc = spawnInGroup('npm', ['pack', '--ignore-scripts', '--json', '--loglevel=error', '--pack-destination', dir], { cwd: suiteRoot(), env });
  proc.stdin.end();
  let stdout = '';
  let stderr = '';
  proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = await proc.exited;
  await stopGroup(proc);
  let packed: { filename?: string; size?: number } | undefined;
  try {
    packed = exit.code === 0 ? (JSON.parse(stdout) as { filename?: string; size?: number }[])[0] : undefined;
  } catch {
    // Not npm's JSON: said below as a failed pack.
  }
  if (packed?.filename === undefined) {
    throw new ReportError(
      'REPRO_UNAVAILABLE',
      `npm pack in ${suiteRoot()} failed (exit ${exit.code ?? exit.signal}): ${stderr.trim().split('\n').at(-1) ?? ''}`,
    );
  }
  return { file: packed.filename, bytes: packed.size ?? 0 };
};

async function scenarioOf(target: ReproTarget): Promise<{ scenario: Scenario; source: string }> {
  const name = target.check.scenario;
  const file = scenarioFiles().find((f) => scenarioName(f) === name);
  if (file === undefined)
    throw new ReportError(
      'REPRO_UNAVAILABLE',
      `scenario ${name} of the report is not in this suite: make the folder with the suite version that wrote the report (${target.run.run.suite.version})`,
    );
  // The TypeScript source where there is a checkout: what a reader wants; the built file otherwise.
  const source = join(suiteRoot(), 'scenarios', `${name}.scenario.ts`);
  return { scenario: await loadScenario(file), source: existsSync(source) ? source : file };
}

/** Creates `dir` (refused when it holds anything); the returned function removes what this run put there. */
function claimFolder(dir: string): () => void {
  if (existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).length > 0)
    throw new ReportError('OUTPUT_UNWRITABLE', `${dir}: exists and is not empty (choose another --out, or remove it)`);
  const created = prepareOutputDir(dir);
  return () => {
    if (created !== undefined) rmSync(created, { recursive: true, force: true });
    else for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
  };
}

function write(dir: string, file: string, text: string): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
}

/** Everything but the tarball, README.md and package.json. */
async function writeContents(
  dir: string,
  target: ReproTarget,
  host: ReturnType<typeof reproHost>,
): Promise<Pick<ReproFolder, 'scenarioFile' | 'configFiles' | 'serversFile'>> {
  const { scenario, source } = await scenarioOf(target);
  const config = await writtenConfig(resolveHost(target.run.run.host.profile ?? DEFAULT_HOST), scenario, INSTALLED_SUITE);
  // "$HOME/.codex/config.toml" -> host-config/HOME/.codex/config.toml
  const configFiles = config.files.map((f) => ({ file: `${CONFIG_DIR}/${f.path.replace(/^\$/, '')}`, where: f.path, text: f.text }));
  for (const f of configFiles) write(dir, f.file, f.text);
  write(dir, SERVERS_FILE, `${JSON.stringify({ mcpServers: config.servers }, null, 2)}\n`);
  for (const [file, text] of Object.entries(host.files)) write(dir, file, text);
  const scenarioFile = basename(source);
  copyFileSync(source, join(dir, scenarioFile));
  return { scenarioFile, configFiles: configFiles.map(({ file, where }) => ({ file, where })), serversFile: SERVERS_FILE };
}

export async function writeReproFolder(wanted: string, options: ReproOptions, pack: Packer = npmPack): Promise<ReproWritten> {
  const named = options.host ?? DEFAULT_HOST;
  const reportFile = options.report ?? join('test-results', reportFolderName({ name: named, selector: named }), 'report.json');
  const target = reproTarget(readReportFile(reportFile), wanted, options.host);
  const host = reproHost(target.run.run.host);
  const dir = options.out ?? join('test-results', reportFolderName({ name: target.run.run.host.name, selector: host.host.selector }), 'repro', target.check.id);
  const undo = claimFolder(dir);
  try {
    const contents = await writeContents(dir, target, host);
    const tarball = await pack(dir);
    const folder: ReproFolder = { tarball: tarball.file, suite: await suiteIdentity(), host: host.host, ...contents };
    write(dir, 'package.json', reproPackageJson(target, folder));
    write(dir, 'README.md', reproReadme(target, folder));
    return { dir, target, tarball, command: reproRunCommand(target, host.host) };
  } catch (error) {
    // No half-made folder for a maintainer to find.
    undo();
    throw error;
  }
}
