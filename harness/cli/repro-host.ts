// The host as a repro folder's run selects it outside this suite's checkout: the bundled refhost
// and Codex by name (Codex is found on PATH or by CODEX_BIN), any other host by its profile,
// copied into the folder. An ACP profile loses its `install`: the suite's .hosts/ folder is not
// there, so the agent's program is looked up on PATH. What the install prepared there once (the
// profile's `prepare`, named {hostDir}/<dir>) the folder prepares at its `npm install`, into its
// own <dir> ({profileDir}/<dir>). A built-in profile's files beside it ({profileDir}) come with
// the packed suite; a profile given by path may name files beside it, or in the install folder,
// that the folder lacks: its README lists them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { builtinAcpProfile, loadAcpProfile, looksLikeAcpProfile, type AcpProfile } from '../adapters/acp/acp-profile.js';
import { isCodexRow } from '../adapters/codex/codex-adapter.js';
import { CODEX_PACKAGE } from '../adapters/codex/locate-codex.js';
import { loadHostProfile } from '../adapters/profile-schema.js';
import { builtinTerminalProfile, DEFAULT_HOST } from '../adapters/resolve-host.js';
import { mdInline } from '../report/markdown.js';
import { ReportError } from '../report/report-error.js';
import type { ReproHost } from '../report/repro.js';
import type { RunMetadata } from '../report/schema.js';
import { suiteRoot } from '../suite-root.js';

const PROFILE_FILE = 'host-profile.json';
/** Run by the folder's `npm install` (its package.json's postinstall) for a profile with a `prepare` step. */
export const PREPARE_FILE = 'prepare-host.sh';

/** "`gemini` on PATH (e.g. `npm install -g @google/gemini-cli@0.61.0`)": the version as the report recorded it. */
function onPath(program: string, pkg: string | undefined, version: string | null): string {
  const pinned = version?.match(/\d+\.\d+\.\d+(?:-[\w.]+)?/)?.[0];
  return `\`${program}\` on PATH${pkg === undefined ? '' : ` (e.g. \`npm install -g ${pkg}${pinned === undefined ? '' : `@${pinned}`}\`)`}`;
}

/** A JSON value with each of its strings (not keys) mapped. */
function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]));
  return value;
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsOf);
  return [];
}

/** One shell word: literal text single-quoted. */
const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** prepare-host.sh: the profile's `prepare` step, run in the folder into ./<dir> (the install's .hosts/<install>/<dir>). */
function prepareScript(profile: AcpProfile, prepare: NonNullable<AcpProfile['prepare']>): string {
  const dir = prepare.dir;
  // {dir} is the folder's own <dir>, absolute; the rest of each value literal.
  const assignments = Object.entries(prepare.env).map(([name, value]) =>
    `${name}=${value}`
      .split('{dir}')
      .map((part) => (part === '' ? '' : shellQuote(part)))
      .join(`"$PWD/${dir}"`),
  );
  return [
    '#!/bin/sh',
    `# Run by \`npm install\` (package.json's postinstall): ${profile.name}'s one-time step, as the suite's install`,
    `# (npm run hosts:install -- ${profile.install ?? profile.name}) runs it into its .hosts folder: \`${profile.bin}\` once, with the`,
    `# variables below, fills ./${dir}, where host-profile.json points the host ({profileDir}/${dir}).`,
    `# The suite makes its copy read-only (every scenario shares it); this one stays writable, so the folder can be removed.`,
    'set -e',
    'cd "$(dirname "$0")"',
    `rm -rf ./${dir}`,
    `mkdir ./${dir}`,
    `if ! env ${assignments.join(' ')} ${shellQuote(profile.bin)} </dev/null; then`,
    `  rm -rf ./${dir}`,
    `  echo ${shellQuote(`${PREPARE_FILE}: preparing ./${dir} with ${profile.bin} failed (is it on PATH?)`)} >&2`,
    '  exit 1',
    'fi',
    '',
  ].join('\n');
}

/**
 * The profile's {profileDir} as the folder's run can fill it: a built-in profile's folder is in
 * the packed suite ({suiteRoot}/harness/profiles/...); null for a profile from elsewhere.
 */
function packedProfileDir(file: string): string | null {
  const rel = relative(suiteRoot(), dirname(resolve(file)));
  return rel === 'harness/profiles' || rel.startsWith(`harness${sep}profiles${sep}`) ? `{suiteRoot}/${rel.split(sep).join('/')}` : null;
}

/** Text as a Markdown code span (a path as written), or escaped where it cannot be one. */
const code = (text: string): string => (/^[^`\r\n\u2028\u2029]+$/.test(text) ? `\`${text}\`` : mdInline(text));

/** The profile's strings the folder cannot fill as the report's run did (but for those `provided`): each as a README line. */
function lacking(profile: unknown, file: string, provided: (s: string) => boolean = () => false): string[] {
  const original = dirname(resolve(file));
  return [...new Set(stringsOf(profile))]
    .filter((s) => !provided(s))
    .flatMap((s) => [
      ...(s.includes('{profileDir}')
        ? [`${code(s)}: {profileDir} was ${code(original)} (beside the profile the report's run used); put what it names beside \`${PROFILE_FILE}\``]
        : []),
      ...(s.includes('{hostDir}')
        ? [`${code(s)}: {hostDir} was the host's install folder in the suite's checkout (.hosts/), which this folder has not; adjust \`${PROFILE_FILE}\``]
        : []),
    ]);
}

/** The report's host as the folder runs it, and the files to put there for it (its profile, where it needs one). */
export function reproHost(host: RunMetadata['host']): { host: ReproHost; files: Record<string, string> } {
  const selector = host.profile ?? DEFAULT_HOST;
  if (selector === DEFAULT_HOST)
    return {
      host: { selector, profileFile: null, package: 'mcp-host-conformance', provide: 'its reference host, refhost, comes with the packed suite' },
      files: {},
    };
  if (isCodexRow(selector))
    return {
      host: { selector, profileFile: null, package: CODEX_PACKAGE, provide: `${onPath('codex', CODEX_PACKAGE, host.version)}, or CODEX_BIN naming it` },
      files: {},
    };
  const file = builtinAcpProfile(selector) ?? (existsSync(selector) ? selector : (builtinTerminalProfile(selector) ?? selector));
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
  const packedDir = packedProfileDir(file);
  const withProfileDir = (s: string): string => (packedDir === null ? s : s.replaceAll('{profileDir}', packedDir));
  if (looksLikeAcpProfile(raw)) {
    const { profile } = loadAcpProfile(file);
    const { prepare } = profile;
    const standalone: Record<string, unknown> = { ...raw, protocol: 'acp' };
    delete standalone['install'];
    delete standalone['prepare'];
    // The suite's own profile folder is packed; the prepared folder is the folder's own.
    const prepared = prepare === undefined ? null : `{profileDir}/${prepare.dir}`;
    const mapped = mapStrings(standalone, (s) => (prepared === null ? withProfileDir(s) : withProfileDir(s).replaceAll(`{hostDir}/${prepare?.dir}`, prepared)));
    const files: Record<string, string> = { [PROFILE_FILE]: `${JSON.stringify(mapped, null, 2)}\n` };
    if (prepare !== undefined) files[PREPARE_FILE] = prepareScript(profile, prepare);
    return {
      host: {
        ...own,
        package: profile.package ?? null,
        provide: onPath(profile.bin, profile.package, host.version),
        ...(prepare === undefined ? {} : { prepare: { file: PREPARE_FILE, dir: prepare.dir, bin: profile.bin } }),
        lacks: lacking(mapped, file, (s) => prepared !== null && s.replaceAll(prepared, '').match(/\{(profileDir|hostDir)\}/) === null),
      },
      files,
    };
  }
  const { profile } = loadHostProfile(file);
  const mapped = mapStrings(raw, withProfileDir);
  return {
    host: {
      ...own,
      package: null,
      provide: `\`${profile.command}\` as \`${PROFILE_FILE}\` starts it (adjust its command to your install)`,
      lacks: lacking(mapped, file),
    },
    files: { [PROFILE_FILE]: packedDir === null ? readFileSync(file, 'utf8') : `${JSON.stringify(mapped, null, 2)}\n` },
  };
}
