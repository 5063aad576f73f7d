// Places a scenario's `files` in the sandbox before the host starts: old session files for
// REPLAY-1..3, project files for built-in tools. Paths name a sandbox place ($HOME, ...).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HarnessError } from '../errors.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { SANDBOX_PLACES } from '../scenario/scenario-schema.js';

type Place = (typeof SANDBOX_PLACES)[number];

function placeDir(sandbox: Sandbox, place: Place): string {
  const dirs: Record<Place, string> = {
    $HOME: sandbox.home,
    $PROJECT: sandbox.project,
    $XDG_CONFIG_HOME: sandbox.configHome,
    $XDG_DATA_HOME: sandbox.dataHome,
    $XDG_STATE_HOME: sandbox.stateHome,
  };
  return dirs[place];
}

/** Writes every file (mode 0600, folders 0700); the schema has already refused ".." segments. */
export function placeScenarioFiles(sandbox: Sandbox, files: Readonly<Record<string, string>>): void {
  for (const [path, content] of Object.entries(files)) {
    const [place, ...rest] = path.split('/');
    const base = SANDBOX_PLACES.find((p) => p === place);
    if (base === undefined) throw new HarnessError('FIXTURE', `scenario file ${path}: unknown place ${place ?? ''}`);
    const target = join(placeDir(sandbox, base), ...rest);
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    writeFileSync(target, content, { mode: 0o600 });
  }
}
