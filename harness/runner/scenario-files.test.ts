import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createSandbox, type Sandbox } from '../sandbox/sandbox.js';
import { ScenarioSchema } from '../scenario/scenario-schema.js';
import { placeScenarioFiles } from './scenario-files.js';

let sandbox: Sandbox | undefined;
afterEach(() => sandbox?.cleanup());

const base = {
  title: 't',
  servers: {},
  model: [],
  user: [{ end: 'eof' }],
  checks: [{ id: 'c', guarantees: ['REPLAY-3'], expected: 'e', provenBy: [], grade: () => ({}) }],
};

describe('scenario files', () => {
  test('files are written under their sandbox place, privately, before the host starts', () => {
    sandbox = createSandbox('files-test');
    placeScenarioFiles(sandbox, { '$XDG_DATA_HOME/refhost/sessions/a.jsonl': 'x\n', '$PROJECT/notes.txt': 'hi' });
    const session = join(sandbox.dataHome, 'refhost', 'sessions', 'a.jsonl');
    expect(readFileSync(session, 'utf8')).toBe('x\n');
    expect(statSync(session).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(sandbox.project, 'notes.txt'), 'utf8')).toBe('hi');
  });

  test('a path outside the known places or with ".." is refused by the schema, naming the field', () => {
    for (const path of ['/etc/passwd', '$TMP/x', '$HOME/../x', '$HOME']) {
      const parsed = ScenarioSchema.safeParse({ ...base, files: { [path]: '' } });
      expect(parsed.success, path).toBe(false);
      expect(parsed.error?.issues[0]?.path[0]).toBe('files');
    }
    expect(ScenarioSchema.safeParse({ ...base, files: { '$HOME/.x/y': '' } }).success).toBe(true);
  });
});
