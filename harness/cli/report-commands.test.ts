import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerReportCommands } from './report-commands.js';

describe('registerReportCommands', () => {
  it('adds `report merge <reports...> -o DIR [--required-by] [--tier] [--again] [--previous]`, `report diff <old> <new>`, `report baseline <report> --host -o`, `report reruns <report> --host [--expected-failures]` and `report findings <report> --host --into` to a program', () => {
    const program = new Command('mcp-host-conformance');
    registerReportCommands(program);
    const report = program.commands.find((c) => c.name() === 'report');
    expect(report?.commands.map((c) => c.name())).toEqual(['merge', 'diff', 'baseline', 'reruns', 'findings']);
    const merge = report!.commands[0]!;
    expect(merge.registeredArguments.map((a) => [a.name(), a.variadic, a.required])).toEqual([['reports', true, true]]);
    expect(merge.options.map((o) => [o.flags, o.mandatory])).toEqual([
      ['-o, --out <dir>', true],
      ['--required-by <scope>', false],
      ['--tier <tiers>', false],
      ['--again <report>', false],
      ['--previous <reports...>', false],
    ]);
    expect(merge.options[1]?.argChoices).toEqual(['catalogue', 'spec', 'spec-must']);
    expect(report!.commands[1]!.registeredArguments.map((a) => a.name())).toEqual(['old', 'new']);
    expect(report!.commands[2]!.options.map((o) => [o.flags, o.mandatory])).toEqual([
      ['--host <name>', true],
      ['-o, --out <file>', true],
    ]);
    expect(report!.commands[3]!.options.map((o) => [o.flags, o.mandatory])).toEqual([
      ['--host <name>', true],
      ['--expected-failures <file>', false],
    ]);
    expect(report!.commands[4]!.options.map((o) => [o.flags, o.mandatory])).toEqual([
      ['--host <name>', true],
      ['--into <file>', true],
    ]);
  });
});
