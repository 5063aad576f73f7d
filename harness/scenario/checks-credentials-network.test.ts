import { describe, expect, test } from 'vitest';
import type { FileSeen, Observations } from './observations.js';
import { addedNotContactedUntilNextStart, configPrivateAndWhole, listHidesValues, methodRedirectsNotFollowed } from './checks-credentials-network.js';
import { command, modelRequest, observations, outcome, request, server } from './test-fixtures/observations.js';

const CONFIG = '$HOME/.host/mcp.json';
const VALUE = 'typed-secret-5b1';
const LABEL = 'server "wiki" header Authorization';
const file = (path: string, content = '{}', mode = 0o600): FileSeen => ({ path, mode, size: content.length, content });

// Fields other checks need are left out; this check never reads them.
function afterAdd(files: FileSeen[]): Observations {
  return {
    commands: [
      {
        command: 'add',
        server: 'wiki',
        exit: { code: 0, signal: null },
        screen: { all: '', stdout: '', stderr: '', truncated: false },
        argv: [],
        endedMono: 1e12,
      },
    ],
    canaries: [{ label: LABEL, value: VALUE, allowed: [`file:${CONFIG}`] }],
    canarySightings: [{ canary: LABEL, channel: `file:${CONFIG}`, source: CONFIG, allowed: true, excerpt: '' }],
    files: [file(CONFIG, `{"Authorization":"${VALUE}"}`), ...files],
  } as unknown as Observations;
}

describe('the configuration is private and written whole (CONFIG-3)', () => {
  test("the host's other files in the same folder are fine", () => {
    expect(configPrivateAndWhole(['wiki'])(afterAdd([file('$HOME/.host/tool-pins.json'), file('$HOME/.host/telemetry.jsonl', '')])).verdict).toBe('PASS');
  });

  test('a temporary copy, or any file beside it holding a typed value, fails', () => {
    expect(configPrivateAndWhole(['wiki'])(afterAdd([file('$HOME/.host/mcp.json.tmp', '{"Auth')])).verdict).toBe('FAIL');
    expect(configPrivateAndWhole(['wiki'])(afterAdd([file('$HOME/.host/.mcp.json.swp')])).verdict).toBe('FAIL');
    expect(configPrivateAndWhole(['wiki'])(afterAdd([file('$HOME/.host/state', `token ${VALUE}`)])).verdict).toBe('FAIL');
  });

  test('a configuration readable by others fails', () => {
    const obs = afterAdd([]);
    obs.files[0] = { ...file(CONFIG, VALUE), mode: 0o644 };
    expect(configPrivateAndWhole(['wiki'])(obs).verdict).toBe('FAIL');
  });

  test('a configuration that changed but kept its inode was rewritten in place, not atomically', () => {
    const withConfig = (inodeAfter: number, mtimeAfter = 2) => {
      const obs = afterAdd([]);
      const before = [{ path: CONFIG, inode: 7, size: 10, mtimeMs: 1 }];
      obs.commands[0] = { ...obs.commands[0]!, config: { before, after: [{ path: CONFIG, inode: inodeAfter, size: 40, mtimeMs: mtimeAfter }] } };
      return obs;
    };
    expect(configPrivateAndWhole(['wiki'])(withConfig(8)).verdict).toBe('PASS');
    expect(configPrivateAndWhole(['wiki'])(withConfig(7)).observed).toBe(`adding wiki rewrote ${CONFIG} in place (inode 7 kept), not atomically`);
  });
});

describe("a server added with the host's own command (DISCOVER-6)", () => {
  test('a contact journaled before the add command ended is charged to the add, however late its entry arrived', () => {
    const grade = (initializeAt: number) =>
      addedNotContactedUntilNextStart('wiki')(
        observations({ commands: [command('add', 'wiki', 0, 'added', 500)], servers: server('wiki', [request('initialize', 1, initializeAt)]) }),
      );
    expect(grade(400)).toMatchObject({ verdict: 'FAIL', observed: expect.stringContaining('contacted 1 time(s) when the add command exited') });
    expect(grade(900).verdict).toBe('PASS');
  });

  const added = { commands: [command('add', 'wiki', 0, 'added', 500)] };
  test('a next chat that asked the model without ever opening the server owes that opening: never happened', () => {
    const g = addedNotContactedUntilNextStart('wiki')(observations({ ...added, servers: server('wiki', []), modelRequests: [modelRequest(0)] }));
    expect(outcome(g)).toBe('NEVER-HAPPENED');
    expect(g.observed).toMatch(/^never happened: wiki's first opening/);
  });

  test('one that never got as far as the model is not reached; one opening after the add passes', () => {
    expect(outcome(addedNotContactedUntilNextStart('wiki')(observations({ ...added, servers: server('wiki', []), modelRequests: [] })))).toBe('NOT-REACHED');
    expect(
      outcome(
        addedNotContactedUntilNextStart('wiki')(
          observations({ ...added, servers: server('wiki', [request('initialize', 1, 900)]), modelRequests: [modelRequest(0)] }),
        ),
      ),
    ).toBe('PASS');
  });
});

describe('redirects of the GET stream and the session DELETE are not followed (NET-2)', () => {
  const grade = methodRedirectsNotFollowed('stream', ['GET', 'DELETE'], '/moved');
  const http = (method: string, path: string, seq: number) => ({
    kind: 'http-request' as const,
    connection: 0,
    method,
    path,
    headers: {},
    body: '',
    seq,
    t: seq,
    mono: seq,
  });

  test('redirected GET and DELETE whose target got nothing pass', () => {
    expect(grade(observations({ servers: server('stream', [http('POST', '/mcp', 1), http('GET', '/mcp', 2), http('DELETE', '/mcp', 3)]) })).verdict).toBe(
      'PASS',
    );
  });

  test('a request at the target fails', () => {
    expect(grade(observations({ servers: server('stream', [http('GET', '/mcp', 1), http('GET', '/moved', 2)]) })).verdict).toBe('FAIL');
  });

  test('a host that sent neither a GET nor a DELETE is not reached', () => {
    expect(grade(observations({ servers: server('stream', [http('POST', '/mcp', 1)]) })).reached).toBe(false);
  });
});

describe('listing hides values whole and in part (CRED-4)', () => {
  const value = 'cnry-server-wiki-header-autho-Ab3$xY9!qR7@mN2#kL5%pT8^wZ1&vC4*';
  const listed = (text: string): Observations =>
    observations({
      commands: [
        {
          command: 'list',
          server: null,
          exit: { code: 0, signal: null },
          screen: { all: text, stdout: text, stderr: '', truncated: false },
          argv: [],
          endedMono: 1,
        },
      ],
      canaries: [{ label: 'server "wiki" header Authorization', value, allowed: [], home: null }],
    } as unknown as Partial<Observations>);

  test('a masked value passes', () => {
    expect(listHidesValues(['wiki'])(listed('wiki: http://127.0.0.1:1/mcp  headers: Authorization=********\n')).verdict).toBe('PASS');
  });

  test('the last four characters of a value fail, as the whole value does', () => {
    expect(listHidesValues(['wiki'])(listed(`wiki: http://127.0.0.1:1/mcp  headers: Authorization=****${value.slice(-4)}\n`)).verdict).toBe('FAIL');
    expect(listHidesValues(['wiki'])(listed(`wiki: headers: Authorization=${value}\n`)).verdict).toBe('FAIL');
  });

  test('the first four characters of the random part, or six in a row from its middle, fail; four from its middle are chance', () => {
    const random = value.slice(-32);
    expect(listHidesValues(['wiki'])(listed(`wiki: headers: Authorization=${random.slice(0, 4)}****\n`)).verdict).toBe('FAIL');
    expect(listHidesValues(['wiki'])(listed(`wiki: note ${random.slice(10, 16)}\n`)).verdict).toBe('FAIL');
    expect(listHidesValues(['wiki'])(listed(`wiki: note ${random.slice(10, 14)}\n`)).verdict).toBe('PASS');
  });
});
