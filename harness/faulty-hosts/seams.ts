// Named seams of a host's source (refhost's, or a known-answer host's): a line `// seam: NAME`
// names the declaration it stands before (a top-level function, class, constant or type, or a
// class member; its doc comment included). A source mutant anchors to a seam, not to a file: its find text must occur exactly
// once inside that declaration. So refhost can be reorganised around its seams (a declaration
// moved to another file, code added or rewritten beside it) without touching any mutant; only a
// rewrite of the marked declaration itself asks for its mutants to be looked at again.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { MutantError } from './mutant-error.js';

const SEAM_LINE = /^[ \t]*\/\/ seam: (\S+)[ \t]*$/gm;

/** A seam's name: as it is written after `// seam: `. */
export const SEAM_NAME = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)?$/;

/** Every source file under `dir` (tests left out). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every seam marked under `dir` (a host's sources, tests left out), name -> file; a name marked twice is refused. */
export function seamIndex(dir: string): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  for (const file of sourceFiles(dir).sort()) {
    for (const [, name = ''] of readFileSync(file, 'utf8').matchAll(SEAM_LINE)) {
      const other = index.get(name);
      if (other !== undefined) throw new MutantError(`seam ${name} is marked twice: ${relative(dir, other)} and ${relative(dir, file)}`);
      index.set(name, file);
    }
  }
  return index;
}

/**
 * Where seam `name` lies in `text`: from the line after its marker to the end of the declaration
 * that follows it (the outermost node whose leading trivia hold the marker). Undefined when the
 * text does not mark it, or no declaration follows the marker.
 */
export function seamRegion(text: string, name: string): { start: number; end: number } | undefined {
  const marker = [...text.matchAll(SEAM_LINE)].find((m) => m[1] === name);
  if (marker === undefined) return undefined;
  const from = marker.index;
  const start = from + marker[0].length + 1; // past the marker line's end
  const source = ts.createSourceFile('seam.ts', text, ts.ScriptTarget.Latest, true);
  let end: number | undefined;
  const visit = (node: ts.Node): void => {
    if (node.getFullStart() > from || node.getEnd() < start) return;
    if (node.getStart(source) >= start) end = Math.max(end ?? 0, node.getEnd());
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return end === undefined ? undefined : { start, end };
}
