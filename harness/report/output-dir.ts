// The report folder (`run --out`, `report merge -o`): created one level at a time, because
// Node's recursive mkdir never returns for a path such as /proc/x, and proven writable with
// a probe file, so a bad folder is one clear ReportError before anything runs or is written.
import { mkdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ReportError } from './report-error.js';

function problem(dir: string, why: string): ReportError {
  return new ReportError('OUTPUT_UNWRITABLE', `${dir}: cannot write reports there (${why})`);
}

const code = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? String(error);

/** Creates `dir` and its missing parents; returns the first folder it created (undefined when `dir` existed). */
export function prepareOutputDir(dir: string): string | undefined {
  const missing: string[] = [];
  let at = resolve(dir);
  for (;;) {
    let isDir: boolean;
    try {
      isDir = statSync(at).isDirectory();
    } catch (error) {
      // ENOTDIR: a file further up; walking on finds it and says so.
      if (!['ENOENT', 'ENOTDIR'].includes(code(error)) || dirname(at) === at) throw problem(dir, code(error));
      missing.unshift(at);
      at = dirname(at);
      continue;
    }
    if (!isDir) throw problem(dir, `${at} is not a folder`);
    break;
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (error) {
      if (code(error) !== 'EEXIST') throw problem(dir, code(error));
    }
  }
  const probe = resolve(dir, `.mhc-write-probe-${process.pid}`);
  try {
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (error) {
    throw problem(dir, code(error));
  }
  return missing[0];
}
