// The host as a repro folder's run selects it outside this suite's checkout: the bundled refhost
// and Codex by name (Codex is found on PATH or by CODEX_BIN), any other host by its profile,
// copied into the folder. An ACP profile loses its `install`: the suite's .hosts/ folder is not
// there, so the agent's program is looked up on PATH.
import { existsSync, readFileSync } from 'node:fs';
import { builtinAcpProfile, loadAcpProfile, looksLikeAcpProfile } from '../adapters/acp/acp-profile.js';
import { CODEX_SELECTOR } from '../adapters/codex/codex-adapter.js';
import { CODEX_PACKAGE } from '../adapters/codex/locate-codex.js';
import { loadHostProfile } from '../adapters/profile-schema.js';
import { DEFAULT_HOST } from '../adapters/resolve-host.js';
import { ReportError } from '../report/report-error.js';
import type { ReproHost } from '../report/repro.js';
import type { RunMetadata } from '../report/schema.js';

const PROFILE_FILE = 'host-profile.json';

/** "`gemini` on PATH (e.g. `npm install -g @google/gemini-cli@0.61.0`)": the version as the report recorded it. */
function onPath(program: string, pkg: string | undefined, version: string | null): string {
  const pinned = version?.match(/\d+\.\d+\.\d+(?:-[\w.]+)?/)?.[0];
  return `\`${program}\` on PATH${pkg === undefined ? '' : ` (e.g. \`npm install -g ${pkg}${pinned === undefined ? '' : `@${pinned}`}\`)`}`;
}

/** The report's host as the folder runs it, and the files to put there for it (its profile, where it needs one). */
export function reproHost(host: RunMetadata['host']): { host: ReproHost; files: Record<string, string> } {
  const selector = host.profile ?? DEFAULT_HOST;
  if (selector === DEFAULT_HOST)
    return {
      host: { selector, profileFile: null, package: 'mcp-host-conformance', provide: 'its reference host, refhost, comes with the packed suite' },
      files: {},
    };
  if (selector === CODEX_SELECTOR)
    return {
      host: { selector, profileFile: null, package: CODEX_PACKAGE, provide: `${onPath('codex', CODEX_PACKAGE, host.version)}, or CODEX_BIN naming it` },
      files: {},
    };
  const file = builtinAcpProfile(selector) ?? selector;
  if (!existsSync(file))
    throw new ReportError(
      'REPRO_UNAVAILABLE',
      `the report's host profile ${selector} is not found from here (a profile path is read from the working directory)`,
    );
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new ReportError('REPRO_UNAVAILABLE', `the report's host profile ${selector}: ${(error as Error).message}`);
  }
  const own = { selector: `./${PROFILE_FILE}`, profileFile: PROFILE_FILE };
  if (looksLikeAcpProfile(raw)) {
    const { profile } = loadAcpProfile(file);
    const standalone: Record<string, unknown> = { ...raw, protocol: 'acp' };
    delete standalone['install'];
    return {
      host: { ...own, package: profile.package ?? null, provide: onPath(profile.bin, profile.package, host.version) },
      files: { [PROFILE_FILE]: `${JSON.stringify(standalone, null, 2)}\n` },
    };
  }
  const { profile } = loadHostProfile(file);
  return {
    host: { ...own, package: null, provide: `\`${profile.command}\` as \`${PROFILE_FILE}\` starts it (adjust its command to your install)` },
    files: { [PROFILE_FILE]: readFileSync(file, 'utf8') },
  };
}
