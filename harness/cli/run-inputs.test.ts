// `run` checks every input before the first scenario, from the built CLI: each mistake is
// one line on stderr naming the flag, exit 2, nothing run (no progress, no report folder).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinAcpProfileNames } from '../adapters/acp/acp-profile.js';
import { builtinTerminalProfileNames } from '../adapters/resolve-host.js';
import { requireCliBuilt, runCli, type CommandResult } from './test-fixtures/run-cli.js';

let dir = '';
const file = (name: string, text: string): string => {
  writeFileSync(join(dir, name), text);
  return name;
};

beforeAll(() => {
  requireCliBuilt();
  dir = mkdtempSync(join(tmpdir(), 'mhc-run-inputs-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function refused(cases: [string[], string][]): Promise<void> {
  const results: CommandResult[] = await Promise.all(
    cases.map(([args]) => runCli(['run', '--scenario', 'approve-once', '--out', 'out', ...args], { cwd: dir, deadlineMs: 30_000 })),
  );
  results.forEach((result, i) => {
    const [args, stderr] = cases[i] ?? [];
    expect({ args, code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
      args,
      code: 2,
      stdout: '',
      stderr: `mcp-host-conformance: ${stderr}\n`,
    });
  });
  expect(existsSync(join(dir, 'out'))).toBe(false);
}

describe.concurrent('run refuses bad input before any scenario', () => {
  it('names an unknown host, a missing profile file and an invalid profile', async () => {
    file('not-json.json', '{ "name": ');
    file('bad-profile.json', JSON.stringify({ name: 'Bad Name', command: 'x' }));
    await refused([
      [
        ['--host', 'nope'],
        `--host nope: not a known host (${['reference', 'codex', 'codex-mcp2026', ...builtinAcpProfileNames(), ...builtinTerminalProfileNames()].join(', ')}) and no profile file of that name`,
      ],
      [['--host', './missing.json'], '--host ./missing.json: no such profile file'],
      [['--host', 'not-json.json'], `--host ${join(dir, 'not-json.json')}: Unexpected end of JSON input`],
      [
        ['--host', 'bad-profile.json'],
        `--host ${join(dir, 'bad-profile.json')}: name: profile names are kebab-case; config: Invalid input: expected object, received undefined; screen: Invalid input: expected object, received undefined`,
      ],
    ]);
  });

  it('refuses an --out that cannot be created, /proc/x (where a recursive mkdir never returns) and a path under a file', async () => {
    file('a-file', '');
    await refused([
      [['--out', '/proc/x'], '--out /proc/x: cannot write reports there (ENOENT)'],
      [['--out', 'a-file/reports'], `--out a-file/reports: cannot write reports there (${join(dir, 'a-file')} is not a folder)`],
    ]);
  });

  it('refuses an expected-failures file that is missing, not JSON, has unknown fields, unknown check ids or another host', async () => {
    file('x-broken.json', '{ "host": ');
    file('x-extra.json', JSON.stringify({ host: 'reference', failures: [{ check: 'approve-once-then-deny/x', reason: 'r', because: 'typo' }] }));
    file(
      'x-unknown.json',
      JSON.stringify({
        host: 'reference',
        failures: [
          { check: 'approve-once-then-deny/no-such-check', reason: 'r' },
          { check: 'gone/check', reason: 'r' },
        ],
      }),
    );
    file('x-codex.json', JSON.stringify({ host: 'codex', failures: [] }));
    await refused([
      [['--expected-failures', 'x-missing.json'], '--expected-failures x-missing.json: cannot read expected-failures file (ENOENT)'],
      [['--expected-failures', 'x-broken.json'], '--expected-failures x-broken.json: not valid JSON (Unexpected end of JSON input)'],
      [
        ['--expected-failures', 'x-extra.json'],
        '--expected-failures x-extra.json: not a valid expected-failures file: failures[0]: Unrecognized key: "because"',
      ],
      [
        ['--expected-failures', 'x-unknown.json'],
        '--expected-failures x-unknown.json: not in this suite: approve-once-then-deny/no-such-check, gone/check (run --list names every scenario and check)',
      ],
      [['--expected-failures', 'x-codex.json'], '--expected-failures x-codex.json: lists failures of host "codex", but this run\'s host is "reference"'],
    ]);
  });

  it('refuses an official-format (.yaml) file naming what this suite does not have, server entries or a mapping entry', async () => {
    file('x-unknown.yaml', 'client:\n  - approve-once-then-deny:no-such-check\n  - tools_call\n');
    file('x-server.yml', 'server:\n  - tools-list\n');
    file('x-mapping.yaml', 'client:\n  - approve-once-then-deny: no-such-check\n');
    await refused([
      [
        ['--expected-failures', 'x-unknown.yaml'],
        '--expected-failures x-unknown.yaml: not in this suite: tools_call, approve-once-then-deny:no-such-check (run --list names every scenario and check)',
      ],
      [
        ['--expected-failures', 'x-server.yml'],
        "--expected-failures x-server.yml: not a valid expected-failures file (the official suite's format): server: a host is tested as an MCP client here: list its entries under client (this suite runs no server scenarios)",
      ],
      [
        ['--expected-failures', 'x-mapping.yaml'],
        "--expected-failures x-mapping.yaml: not a valid expected-failures file (the official suite's format): client[0]: '- approve-once-then-deny: no-such-check' is a mapping: remove the space after the colon ('- approve-once-then-deny:no-such-check')",
      ],
    ]);
  });

  it('refuses a selection that runs nothing: filters matching nothing, or more shards than scenarios', async () => {
    await refused([
      [['--scenario', 'no-such-'], '--scenario no-such-: no scenario name starts with it (see run --list)'],
      [['--guarantee', 'NOPE'], '--guarantee NOPE: no guarantee ID or group of the catalogue matches it (docs/guarantees.md)'],
      [['--guarantee', 'TRANSPORT-2'], '--scenario approve-once --guarantee TRANSPORT-2: together they select no check'],
      [['--required-by', 'spec-must'], '--scenario approve-once --required-by spec-must: together they select no check'],
      [['--shard', '2/2'], '--shard 2/2: 1 scenario(s) selected, fewer than 2 shards, so a shard would run nothing (use at most 1)'],
    ]);
  });
});

describe('run --list', () => {
  it('lists the selected scenarios and refuses a filter that matches nothing', async () => {
    const listed = await runCli(['run', '--list', '--scenario', 'approve-once'], { cwd: dir });
    expect({ code: listed.code, stdout: listed.stdout }).toEqual({ code: 0, stdout: expect.stringMatching(/^approve-once-then-deny {2}APPROVE-\d/) });
    const spec = await runCli(['run', '--list', '--scenario', 'approve-', '--required-by', 'spec-must'], { cwd: dir });
    expect({ code: spec.code, stdout: spec.stdout }).toEqual({
      code: 0,
      stdout: expect.stringMatching(/^approve-annotations-no-skip {2}APPROVE-1 (?:APPROVE-2 )?APPROVE-4 RESULT-3\n/),
    });
    const none = await runCli(['run', '--list', '--scenario', 'no-such-'], { cwd: dir });
    expect({ code: none.code, stderr: none.stderr }).toEqual({
      code: 2,
      stderr: 'mcp-host-conformance: --scenario no-such-: no scenario name starts with it (see run --list)\n',
    });
  });
});
