// Wires `report merge`, `report diff`, `report baseline`, `report reruns` and `report findings` into the CLI: main.ts calls registerReportCommands(program).
import type { Command } from 'commander';
import type { RequiredBy } from '../catalogue/source-schema.js';
import type { Tier } from '../catalogue/tiers.js';
import { processIo } from '../report/command-io.js';
import { runReportBaseline } from './report-baseline.js';
import { runReportFindings } from './report-findings.js';
import { runReportDiff } from './report-diff.js';
import { runReportMerge } from './report-merge.js';
import { runReportReruns } from './report-reruns.js';
import { requiredByOption, tierOption } from './required-by-option.js';

export function registerReportCommands(program: Command): void {
  const report = program.command('report').description('merge and compare conformance reports');
  report
    .command('merge')
    .description('merge reports of several hosts or shards (or narrow one) into one matrix (report.json, junit.xml, report.md, index.html)')
    .argument('<reports...>', 'report.json files')
    .requiredOption('-o, --out <dir>', 'directory for the merged reports')
    .addOption(requiredByOption('keep only checks'))
    .addOption(tierOption('keep only checks'))
    .option('--again <report>', 'a rerun of some of the scenarios: a check whose verdict differs between the runs becomes FLAKY, with both')
    .option(
      '--previous <reports...>',
      "earlier reports of some of the hosts (their previous versions'): each host's fixed, regressed and changed checks since, shown in the matrix",
    )
    .action((files: string[], options: { out: string; requiredBy: RequiredBy; tier?: Tier[]; again?: string; previous?: string[] }) => {
      process.exitCode = runReportMerge(files, options.out, processIo, {
        requiredBy: options.requiredBy,
        tiers: options.tier,
        again: options.again,
        previous: options.previous,
      });
    });
  report
    .command('diff')
    .description('compare two reports by check and host; exit 1 on regressions')
    .argument('<old>', 'the earlier report.json')
    .argument('<new>', 'the later report.json')
    .action((oldFile: string, newFile: string) => {
      process.exitCode = runReportDiff(oldFile, newFile, processIo);
    });
  report
    .command('baseline')
    .description("write a host's expected-failures file from a report, keeping reasons already written")
    .argument('<report>', 'report.json')
    .requiredOption('--host <name>', 'the host whose failures become the baseline')
    .requiredOption('-o, --out <file>', "the expected-failures file to write (.yaml/.yml: the official conformance suite's format)")
    .action((file: string, options: { host: string; out: string }) => {
      process.exitCode = runReportBaseline(file, options.host, options.out, processIo);
    });
  report
    .command('reruns')
    .description(
      "print the scenarios to run once more before a host's baseline is rewritten from a report: a failing check the baseline does not list, or a listed one that passed",
    )
    .argument('<report>', 'report.json')
    .requiredOption('--host <name>', 'the host whose baseline is to be rewritten')
    .option('--expected-failures <file>', 'its current baseline, JSON or the official YAML (without it, every failing check asks for a rerun)')
    .action((file: string, options: { host: string; expectedFailures?: string }) => {
      process.exitCode = runReportReruns(file, options.host, options.expectedFailures, processIo);
    });
  report
    .command('findings')
    .description("write a host's findings (failures by root cause, gravest first) into FINDINGS.md between its markers, keeping the notes around them")
    .argument('<report>', 'report.json')
    .requiredOption('--host <name>', 'the host whose findings are written')
    .requiredOption('--into <file>', 'the FINDINGS.md to write (created when missing)')
    .action((file: string, options: { host: string; into: string }) => {
      process.exitCode = runReportFindings(file, options.host, options.into, processIo);
    });
}
