// `mcp-host-conformance repro <finding key or check id> [--report FILE] [--host NAME] [--out DIR]`:
// a finding as a folder its host's maintainer runs without this suite's checkout (repro-folder.ts).
import type { Command } from 'commander';
import type { ReproOptions } from './repro-folder.js';

export function registerReproCommand(program: Command): void {
  program
    .command('repro')
    .description(
      "write a self-contained folder that reproduces one finding of a report, for the host's maintainer (README.md, the packed suite, the host's profile and configuration, the scenario)",
    )
    .argument('<finding>', 'a finding\'s key ("NET-2 net-redirect-cross-origin/headers-not-at-the-trap") or the id of one of its checks ("scenario/check")')
    .option('--report <file>', 'the report.json (default test-results/<host>/report.json)')
    .option('--host <name>', "the host's name in the report (needed when it holds several hosts)")
    .option('--out <dir>', 'the folder to write, new or empty (default test-results/<host>/repro/<check id>)')
    .action(async (finding: string, options: ReproOptions) => {
      // Imported here: `repro --help` answers without loading the adapters and the fakes.
      const { writeReproFolder } = await import('./repro-folder.js');
      const written = await writeReproFolder(finding, options);
      const { run, finding: found } = written.target;
      const mb = (written.tarball.bytes / 1e6).toFixed(1);
      process.stdout.write(
        `${written.dir}: repro of "${found.key}" for ${run.run.host.name} (${written.tarball.file}, ${mb} MB packed)\nrun there: ${written.command}\n`,
      );
    });
}
