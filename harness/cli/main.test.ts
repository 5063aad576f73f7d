// The CLI's own contract, from the built program: --version and --help on every command
// (serve included), and a usage mistake is one line naming it, exit 2, no stack trace.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUITE_ROOT } from '../vitest/require-built.js';
import { requireCliBuilt, runCli } from './test-fixtures/run-cli.js';

const COMMANDS = [[], ['run'], ['serve'], ['report'], ['report', 'merge'], ['report', 'diff'], ['report', 'baseline']];
const { version } = JSON.parse(readFileSync(join(SUITE_ROOT, 'package.json'), 'utf8')) as { version: string };

beforeAll(() => requireCliBuilt());

describe.concurrent('mcp-host-conformance usage', () => {
  it('prints the version with --version on the program and on every command', async () => {
    const results = await Promise.all(COMMANDS.map((command) => runCli([...command, '--version'], { cwd: SUITE_ROOT })));
    results.forEach((result, i) => {
      expect({ command: COMMANDS[i], code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
        command: COMMANDS[i],
        code: 0,
        stdout: `${version}\n`,
        stderr: '',
      });
    });
  });

  it('prints help with the exit codes on every command, serve included', async () => {
    const results = await Promise.all(COMMANDS.map((command) => runCli([...command, '--help'], { cwd: SUITE_ROOT })));
    results.forEach((result, i) => {
      expect({ command: COMMANDS[i], code: result.code }).toEqual({ command: COMMANDS[i], code: 0 });
      expect(result.stdout).toContain(`Usage: mcp-host-conformance ${COMMANDS[i]?.join(' ')}`.trimEnd());
      expect(result.stdout).toContain('2  usage or input error');
    });
    expect(results[2]?.stdout).toContain('--behaviour <file>');
  });

  it('refuses an unknown flag, an unknown command, a missing argument, a bad --shard and a bad --protocol with one line and exit 2', async () => {
    const cases: [string[], string][] = [
      [['run', '--bogus'], "mcp-host-conformance: unknown option '--bogus'\n"],
      [['serve', '--bogus'], "mcp-host-conformance: unknown option '--bogus'\n"],
      [['rn'], "mcp-host-conformance: unknown command 'rn' (Did you mean run?)\n"],
      [['report', 'diff', 'a.json'], "mcp-host-conformance: missing required argument 'new'\n"],
      [['run', '--shard', '5/4'], "mcp-host-conformance: option '--shard <i/n>' argument '5/4' is invalid. expected i/n with 1 <= i <= n, e.g. 2/4\n"],
      [['run', '--shard', '0/2'], "mcp-host-conformance: option '--shard <i/n>' argument '0/2' is invalid. expected i/n with 1 <= i <= n, e.g. 2/4\n"],
      [
        ['run', '--protocol', '2020-01-01'],
        "mcp-host-conformance: option '--protocol <revision>' argument '2020-01-01' is invalid. unknown protocol revision \"2020-01-01\": expected 2025-11-25, 2026-07-28, both\n",
      ],
      [['run', 'extra'], "mcp-host-conformance: too many arguments for 'run'. Expected 0 arguments but got 1.\n"],
      [
        ['run', '--required-by', 'rfc'],
        "mcp-host-conformance: option '--required-by <scope>' argument 'rfc' is invalid. Allowed choices are catalogue, spec, spec-must.\n",
      ],
      [
        ['report', 'merge', 'a.json', '-o', 'out', '--required-by', 'SPEC'],
        "mcp-host-conformance: option '--required-by <scope>' argument 'SPEC' is invalid. Allowed choices are catalogue, spec, spec-must.\n",
      ],
      [
        ['run', '--tier', 'spec-must,major'],
        "mcp-host-conformance: option '--tier <tiers>' argument 'spec-must,major' is invalid. not a tier: major; the tiers are spec-must, spec-should, safety, contract\n",
      ],
    ];
    const results = await Promise.all(cases.map(([args]) => runCli(args, { cwd: SUITE_ROOT })));
    results.forEach((result, i) => {
      const [args, stderr] = cases[i] ?? [];
      expect({ args, code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({ args, code: 2, stdout: '', stderr });
    });
  });
});
