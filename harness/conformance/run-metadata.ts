// Run metadata for a report: host, suite version and git revision, Node, OS, times, the
// catalogue revision, the command line, the shard, whether a signal cut the run short and
// how leftover processes were found (STDIO-5), and how far the run was narrowed (--required-by).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { platform, release } from 'node:os';
import { execa } from 'execa';
import { CATALOGUE_REVISION } from '../catalogue/guarantees.js';
import type { HostAdapter } from '../adapters/host-adapter.js';
import type { RequiredBy } from '../catalogue/source-schema.js';
import type { RunMetadata } from '../report/schema.js';
import { suiteRoot } from '../suite-root.js';
import { containment } from '../supervision/pid-namespace.js';

/** The suite's own revision: none when installed from a package (git would report the enclosing project's). */
async function gitRevision(): Promise<string | null> {
  if (!existsSync(join(suiteRoot(), '.git'))) return null;
  const r = await execa('git', ['rev-parse', 'HEAD'], { cwd: suiteRoot(), reject: false, timeout: 5000 });
  return r.exitCode === 0 ? String(r.stdout).trim() : null;
}

export async function runMetadata(
  adapter: HostAdapter,
  times: { startedAt: Date; endedAt: Date },
  command: string,
  shard: string | null,
  incomplete: RunMetadata['incomplete'] = null,
  requiredBy: RequiredBy = 'catalogue',
): Promise<RunMetadata> {
  const how = await containment();
  const pkg = JSON.parse(readFileSync(join(suiteRoot(), 'package.json'), 'utf8')) as { version: string };
  return {
    host: {
      name: adapter.name,
      version: await adapter.version().catch(() => null),
      profile: adapter.selector === 'reference' ? null : adapter.selector,
      declaredAbsent: [...adapter.capabilities.unsupported],
    },
    suite: { version: pkg.version, revision: await gitRevision() },
    node: process.version,
    os: `${platform()} ${release()}`,
    startedAt: times.startedAt.toISOString(),
    endedAt: times.endedAt.toISOString(),
    catalogueRevision: CATALOGUE_REVISION,
    command,
    shard,
    incomplete,
    containment: how.mechanism === 'pid-namespace' ? { mechanism: how.mechanism, note: null } : { mechanism: how.mechanism, note: how.reason },
    requiredBy,
  };
}
