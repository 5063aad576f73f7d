// Run metadata for a report: host, suite version and git revision, Node, OS, times, the
// catalogue revision, the command line, the shard, whether a signal cut the run short and
// how leftover processes were found (STDIO-5) and which outlived the host in each scenario,
// how far the run was narrowed (--required-by)
// and which MCP revision the run made every fake server offer (--protocol).
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

/** The suite's version and, in a checkout, its git revision. */
export async function suiteIdentity(): Promise<RunMetadata['suite']> {
  const pkg = JSON.parse(readFileSync(join(suiteRoot(), 'package.json'), 'utf8')) as { version: string };
  return { version: pkg.version, revision: await gitRevision() };
}

export interface RunShape {
  command: string;
  shard: string | null;
  incomplete: RunMetadata['incomplete'];
  requiredBy: RequiredBy;
  tiers: RunMetadata['tiers'];
  /** --protocol, or null when each scenario offered its own (the host chose). */
  protocol: RunMetadata['protocol'];
  /** What outlived the host, in every scenario that finished. */
  leftovers: RunMetadata['leftovers'];
}

export async function runMetadata(adapter: HostAdapter, times: { startedAt: Date; endedAt: Date }, shape: RunShape): Promise<RunMetadata> {
  const how = await containment();
  return {
    host: {
      name: adapter.name,
      version: await adapter.version().catch(() => null),
      profile: adapter.selector === 'reference' ? null : adapter.selector,
      declaredAbsent: [...adapter.capabilities.unsupported],
    },
    suite: await suiteIdentity(),
    node: process.version,
    os: `${platform()} ${release()}`,
    startedAt: times.startedAt.toISOString(),
    endedAt: times.endedAt.toISOString(),
    catalogueRevision: CATALOGUE_REVISION,
    command: shape.command,
    shard: shape.shard,
    incomplete: shape.incomplete,
    containment: how.mechanism === 'pid-namespace' ? { mechanism: how.mechanism, note: null } : { mechanism: how.mechanism, note: how.reason },
    requiredBy: shape.requiredBy,
    tiers: shape.tiers,
    protocol: shape.protocol,
    leftovers: shape.leftovers,
  };
}
