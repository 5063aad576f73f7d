// Checks for CRED-1..6, NET-1..4, CONFIG-1..3 and DISCOVER-6: where each credential canary
// turned up, which paths and destinations were contacted, what the host's own add and list
// commands showed and stored. Each states its precondition ("not reached" when it never happened).
import { openingAttempts } from '../../fake-servers/mcp/journal-discovery.js';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import { RANDOM_LENGTH } from '../sandbox/canary-forms.js';
import { scanCanaries } from '../sandbox/canaries.js';
import { canaryGrade, type Place } from './canary-grade.js';
import type { GradeFn } from './check-helpers.js';
import { applying } from './scenario-schema.js';
import { offeredAs, tracesOf } from './offered-tools.js';
import { fail, journalEvidence, neverHappened, notReached, note, pass, screenAround, unsupported } from './evidence.js';
import type { CommandSeen, FileSeen, Observations } from './observations.js';

export type { Place } from './canary-grade.js';

export const PLACES = {
  screen: { name: 'the screen (status lines, confirmations, errors, command output)', covers: (c: string) => c === 'screen' },
  model: { name: 'model requests (bodies, headers, path and query)', covers: (c: string) => c.startsWith('model-') },
  otherServers: { name: "other servers' journals and processes", covers: (c: string) => /^(server|process:server|cmdline:server):/.test(c) },
  trap: { name: 'the trap', covers: (c: string) => c === 'trap' },
  hostFiles: { name: "the host's files other than its configuration (sessions, logs, telemetry)", covers: (c: string) => c.startsWith('file:') },
  processes: { name: "processes' command lines and environments (the host's children included)", covers: (c: string) => /^(process|cmdline):/.test(c) },
} as const satisfies Record<string, Place>;

/**
 * Canaries whose label contains `label` never appear in `place` (only allowed channels count
 * as fine), in any form. Not reached until one was seen where it is used (its own server, the
 * host's process), nor while part of `place` could not be scanned in full.
 */
export function canaryKeptFrom(place: Place, label: string): GradeFn {
  return canaryGrade(label, place, 'used');
}

/** What counts as contacting a server: spawning it, connecting to it, sending it a request. */
const CONTACTS = new Set<JournalEntry['kind']>(['start', 'connection-open', 'http-request', 'jsonrpc-in']);
const OAUTH_PATH = /^\/(\.well-known\/(oauth-|openid)|oauth|authorize|token)/i;

/** No request for OAuth metadata, authorization or tokens reached `servers` or the trap (CRED-6). */
export function noOAuthRequests(servers: readonly string[]): GradeFn {
  return (obs) => {
    const requests = servers.flatMap((name) => (obs.servers[name]?.journal ?? []).filter((e) => e.kind === 'http-request').map((e) => ({ name, e })));
    if (requests.length === 0) return notReached(`the host never contacted ${servers.join(', ')}`, obs);
    const pathOf = (e: JournalEntry): string => (e.kind === 'http-request' ? (e.path.split('?')[0] ?? '') : '');
    const hits = [
      ...requests.filter(({ e }) => OAUTH_PATH.test(pathOf(e))).map(({ name, e }) => `${name} ${pathOf(e)}`),
      ...obs.trapHits.filter((h) => h.trap === 'scenario').map((h) => `trap ${h.method} ${h.path}`),
    ];
    const evidence = servers.map((name) => journalEvidence(obs, name, (e) => e.kind === 'http-request'));
    return hits.length === 0
      ? pass(`${requests.length} request(s) to ${servers.join(', ')}, none for OAuth; the trap got nothing`, evidence)
      : fail(`OAuth requests: ${hits.join('; ')}`, evidence);
  };
}

/**
 * The model was offered `server`'s `tool` in every request, found as a model would; or, with
 * offered=false, no request shows any trace of it (its name or its description anywhere).
 */
export function toolOffered(server: string, tool: string, offered: boolean): GradeFn {
  return (obs) => {
    if (obs.modelRequests.length === 0) return notReached('the host never sent a request to the model', obs);
    const wrong = obs.modelRequests.filter((r) => (offered ? typeof offeredAs(obs, r, server, tool) === 'string' : tracesOf(obs, r, server, tool).length > 0));
    const evidence = [note(obs.modelRequests[0]?.tools.map((t) => t.name).join(', ') || '(none)', 'tools offered in model request #1')];
    const what = `${server}/${tool} ${offered ? 'offered' : 'not offered'}`;
    return wrong.length === 0
      ? pass(`${what} in all ${obs.modelRequests.length} model request(s)`, evidence)
      : fail(`${what} expected, but model request(s) #${wrong.map((r) => r.index + 1).join(', #')} differ`, evidence);
  };
}

/**
 * `grade`, once the host asked `server` for `method` (a list it may leave unasked, such as
 * resources/list or prompts/list): a host that never asked never held the answer, so the check
 * cannot look (BLOCKED), it is not charged.
 */
export function whenAsked(server: string, method: string, grade: GradeFn): GradeFn {
  return (obs) => {
    const asked = (obs.servers[server]?.journal ?? []).some((e) => e.kind === 'jsonrpc-in' && e.message.method === method);
    return asked ? grade(obs) : notReached(`the host never asked ${server} for ${method}, so it never held that answer`, obs);
  };
}

/** No status line names `server` (a server the host must not know about). */
export function noStatusLineFor(server: string): GradeFn {
  return (obs) => {
    if (obs.statusLines.length === 0) return notReached('the host showed no server status line at all', obs);
    const line = obs.statusLines.find((l) => l.includes(server));
    return line === undefined ? pass(`status lines: ${obs.statusLines.join(' | ')}`) : fail(`the host reported ${server}: ${line}`, [screenAround(obs, line)]);
  };
}

const commandEvidence = (c: CommandSeen, i: number) => ({
  kind: 'screen' as const,
  source: `host command #${i + 1} (${c.command}${c.server === null ? '' : ` ${c.server}`}), exit ${c.exit.code ?? c.exit.signal}`,
  excerpt: c.screen.all.slice(0, 2000) || '(no output)',
});

function addCommand(obs: Observations, server: string): { command: CommandSeen; index: number } | null {
  const index = obs.commands.findIndex((c) => c.command === 'add' && c.server === server);
  const command = obs.commands[index];
  return command === undefined ? null : { command, index };
}

/** The host's add command for `server` succeeded (exit 0) or was refused (non-zero exit). */
export function addOutcome(server: string, accepted: boolean): GradeFn {
  return (obs) => {
    const add = addCommand(obs, server);
    if (add === null) return notReached(`the host's add command never ran for ${server}`, obs);
    const ok = add.command.exit.code === 0;
    const evidence = [commandEvidence(add.command, add.index)];
    const said = `adding ${server} exited ${add.command.exit.code ?? add.command.exit.signal}`;
    return ok === accepted ? pass(said, evidence) : fail(`${said}; expected ${accepted ? 'success' : 'a refusal'}`, evidence);
  };
}

/** The host's configuration files: where configured credentials may be stored (their canary channels). */
function configFiles(obs: Observations): { path: string; file: FileSeen | undefined }[] {
  const paths = new Set(
    obs.canaries.filter((c) => c.label.startsWith('server ')).flatMap((c) => c.allowed.filter((a) => a.startsWith('file:')).map((a) => a.slice(5))),
  );
  return [...paths].map((path) => ({ path, file: obs.files.find((f) => f.path === path) }));
}

/**
 * `grade` for a read of the host's own configuration file (CONFIG-2): a host that keeps none
 * (its servers come over its protocol, as an ACP agent's do) has nothing to read, so the
 * model's read of it names no file and proves nothing: UNSUPPORTED.
 */
export function ifHostConfigFile(grade: GradeFn): GradeFn {
  return (obs) =>
    configFiles(obs).length === 0
      ? unsupported('the host keeps no configuration file of its own (its servers come over its protocol), so there is none to read')
      : grade(obs);
}

const dirOf = (path: string): string => path.slice(0, path.lastIndexOf('/'));
const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** Names a temporary or partial copy gets: the file's own name inside it, or an editor's or writer's temp form. */
const TEMP_NAME = /\.(tmp|temp|part|partial|swp|new)$|~$|^\.?#/i;

/**
 * After `servers` were added, the typed values are in the configuration (CRED-1), which has
 * mode 0600 with no temp or partial file beside it (CONFIG-3: written whole, atomically). A
 * file beside it is a leftover copy when it is named like one or holds a typed value; the
 * host's other files (pins, logs) may share the folder.
 */
export function configPrivateAndWhole(servers: readonly string[]): GradeFn {
  return (obs) => {
    const adds = servers.map((s) => addCommand(obs, s));
    const missing = servers.filter((_, i) => adds[i]?.command.exit.code !== 0);
    if (missing.length > 0) return notReached(`the host never added ${missing.join(', ')}`, obs);
    const stored = configFiles(obs).flatMap((c) => (c.file === undefined ? [] : [c.file]));
    if (stored.length === 0) return fail('no configuration file exists after the adds');
    const problems: string[] = [];
    const channels = new Set(stored.map((f) => `file:${f.path}`));
    for (const server of servers) {
      const typed = obs.canaries.filter((c) => c.label.startsWith(`server "${server}"`));
      const kept = typed.filter((c) => obs.canarySightings.some((s) => s.canary === c.label && channels.has(s.channel)));
      if (kept.length < typed.length) problems.push(`${typed.length - kept.length} typed value(s) of ${server} are not in the configuration`);
    }
    for (const file of stored) {
      if ((file.mode & 0o777) !== 0o600) problems.push(`${file.path} has mode ${(file.mode & 0o777).toString(8)}`);
      const typedValues = obs.canaries.filter((c) => c.label.startsWith('server "')).map((c) => c.value);
      const copies = obs.files.filter((f) => {
        if (f.path === file.path || dirOf(f.path) !== dirOf(file.path)) return false;
        const name = nameOf(f.path);
        return name.includes(nameOf(file.path)) || TEMP_NAME.test(name) || typedValues.some((v) => f.content.includes(v));
      });
      for (const other of copies) problems.push(`${other.path} lies beside it (mode ${(other.mode & 0o777).toString(8)}, ${other.size} bytes)`);
    }
    // Atomic means replaced whole (a new file renamed into place): a changed file that kept its inode was rewritten in place.
    for (const add of adds) {
      for (const was of add?.command.config?.before ?? []) {
        const now = add?.command.config?.after.find((f) => f.path === was.path);
        const changed = now !== undefined && (now.size !== was.size || now.mtimeMs !== was.mtimeMs);
        if (changed && now.inode === was.inode)
          problems.push(`adding ${add?.command.server ?? '?'} rewrote ${was.path} in place (inode ${was.inode} kept), not atomically`);
      }
    }
    const listing = note(stored.map((f) => `${f.path} mode ${(f.mode & 0o777).toString(8)}`).join('\n'), 'configuration files');
    return problems.length === 0
      ? pass(`${stored.map((f) => f.path).join(', ')}: values stored, mode 600, nothing beside it`, [listing])
      : fail(problems.join('; '), [listing]);
  };
}

/** The host's configuration holds exactly these servers (nothing the model or a project file added). */
export function configHoldsOnly(servers: readonly string[]): GradeFn {
  return (obs) => {
    const evidence = configFiles(obs).flatMap((c) => (c.file === undefined ? [] : [note(c.file.content, c.file.path)]));
    if ('problem' in obs.configuredServers) return fail(`the configuration cannot be read back: ${obs.configuredServers.problem}`, evidence);
    const got = [...obs.configuredServers.servers].sort();
    const want = [...servers].sort();
    return got.join(',') === want.join(',')
      ? pass(`configured servers: ${got.join(', ')}`, evidence)
      : fail(`configured servers are ${got.join(', ') || '(none)'}; expected ${want.join(', ')}`, evidence);
  };
}

/** `server` was not contacted by adding it; the next chat start connected it (DISCOVER-6). */
export function addedNotContactedUntilNextStart(server: string): GradeFn {
  return (obs) => {
    const add = addCommand(obs, server);
    if (add === null || add.command.exit.code !== 0) return notReached(`the host never added ${server}`, obs);
    const evidence = [commandEvidence(add.command, add.index), journalEvidence(obs, server, (e) => e.kind !== 'jsonrpc-out')];
    const atAdd = (obs.servers[server]?.journal ?? []).filter((e) => CONTACTS.has(e.kind) && e.mono <= add.command.endedMono).length;
    if (atAdd > 0) return fail(`${server} had been contacted ${atAdd} time(s) when the add command exited`, evidence);
    const journal = obs.servers[server]?.journal ?? [];
    // An opening on either revision: initialize, or server/discover on 2026-07-28.
    const openings = openingAttempts(journal).length;
    // DISCOVER-6 asks for the first connection at the next chat start: owed once that chat went as far as the model.
    if (openings === 0) {
      return obs.modelRequests.length > 0
        ? neverHappened(`${server}'s first opening (initialize or server/discover)`, 'the next chat started and asked the model', obs, evidence)
        : notReached(`${server} never received an opening (initialize or server/discover) after the next chat start`, obs);
    }
    return openings === 1
      ? pass(`no contact while adding; one opening after the next chat start`, evidence)
      : fail(`${server} was opened ${openings} times`, evidence);
  };
}

/**
 * NET-2 per request kind: `server` answers every request of `methods` (the GET event stream,
 * the session DELETE) with a redirect to `target`, which must receive nothing. Not reached
 * while the host sent none of them (a host need not open a stream or end a session).
 */
export function methodRedirectsNotFollowed(server: string, methods: readonly string[], target: string): GradeFn {
  return (obs) => {
    const requests = (obs.servers[server]?.journal ?? []).flatMap((e) => (e.kind === 'http-request' ? [e] : []));
    const redirected = requests.filter((e) => methods.includes(e.method) && e.path.split('?')[0] !== target);
    if (redirected.length === 0) return notReached(`the host sent no ${methods.join(' or ')} request to ${server}`, obs);
    const evidence = [journalEvidence(obs, server, (e) => e.kind === 'http-request' || e.kind === 'http-response')];
    const followed = requests.filter((e) => e.path.split('?')[0] === target);
    const sent = `${redirected.map((e) => e.method).join(', ')} redirected to ${target}`;
    return followed.length === 0
      ? pass(`${sent}; nothing reached it`, evidence)
      : fail(`${sent}; ${followed.length} request(s) (${followed.map((e) => e.method).join(', ')}) followed there`, evidence);
  };
}

/**
 * What counts as showing part of a value: its first or last HINT_RUN characters (the hints a
 * mask leaves, "sk-ab…" or "****abcd"), or MIDDLE_RUN in a row anywhere. Four characters
 * anywhere would match a listing by chance now and then (29 runs of three values against every
 * position of its text); at either end, or six in a row, a chance match is one in millions.
 */
const HINT_RUN = 4;
const MIDDLE_RUN = 6;

/** Values of which `text` shows part of the random part: HINT_RUN characters at either end, or MIDDLE_RUN in a row. */
function valuesPartlyShown(canaries: Observations['canaries'], text: string): string[] {
  return canaries
    .filter((c) => {
      const random = c.value.slice(-RANDOM_LENGTH);
      if (text.includes(random.slice(0, HINT_RUN)) || text.includes(random.slice(-HINT_RUN))) return true;
      for (let i = 0; i + MIDDLE_RUN <= random.length; i++) if (text.includes(random.slice(i, i + MIDDLE_RUN))) return true;
      return false;
    })
    .map((c) => c.label);
}

/**
 * The host's list command named every listed server and showed no credential value, whole or
 * in part: not its first or last HINT_RUN characters, nor MIDDLE_RUN in a row (CRED-4).
 */
export function listHidesValues(servers: readonly string[]): GradeFn {
  return applying({ hintRun: HINT_RUN, middleRun: MIDDLE_RUN }, (obs) => {
    const index = obs.commands.findIndex((c) => c.command === 'list');
    const list = obs.commands[index];
    if (list === undefined) return notReached("the host's list command never ran", obs);
    const evidence = [commandEvidence(list, index)];
    const missing = servers.filter((s) => !list.screen.all.includes(s));
    if (list.exit.code !== 0 || missing.length > 0)
      return notReached(`the list (exit ${list.exit.code ?? list.exit.signal}) did not name ${missing.join(', ') || 'the servers'}`, obs);
    if (list.screen.truncated) return notReached('the list output went past the screen capture cap', obs);
    const listed = obs.canaries.filter((c) => servers.some((s) => c.label.startsWith(`server "${s}" `)));
    const shown = [
      ...new Set([
        ...scanCanaries(obs.canaries, [{ channel: 'screen', source: 'list', text: list.screen.all }]).map((s) => s.canary),
        ...valuesPartlyShown(listed, list.screen.all),
      ]),
    ];
    return shown.length === 0
      ? pass(`listed ${servers.join(', ')} with no value shown, whole or in part`, evidence)
      : fail(`the list shows ${shown.join(', ')} (whole, its first or last ${HINT_RUN} characters, or ${MIDDLE_RUN} in a row)`, evidence);
  });
}
