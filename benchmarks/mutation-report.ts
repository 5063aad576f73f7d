// The mutation campaign's files (issue 13): the whole result as JSON, and next to it a
// Markdown table of every mutant (mutant, guarantee, verdict, failing checks) for a reader.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { MutantOutcome } from './mutation-verdict.js';

export interface MutantRecord extends MutantOutcome {
  id: string;
  seam: string;
  guarantee: string;
  breaks: string;
  durationMs: number;
}

export interface CampaignResult {
  startedAt: string;
  wallMs: number;
  concurrency: number;
  scenarios: string[];
  summary: string;
  /** Each guarantee group's catch rate (groupLine). */
  byGroup: string;
  mutants: MutantRecord[];
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

function failingCell(record: MutantRecord): string {
  const failing = record.failing.map((f) => `${f.id} (${f.guarantees.join(', ')})`);
  const flaky = record.flaky.map((id) => `flaky: ${id}`);
  return cell([...failing, ...flaky, ...record.harnessErrors].join('; ') || '-');
}

export function campaignMarkdown(result: CampaignResult): string {
  const rows = result.mutants.map((r) => `| ${r.id} | ${r.guarantee} | ${r.verdict} | ${failingCell(r)} |`);
  return [
    '# Mutation campaign',
    '',
    `${result.summary}; ${result.scenarios.length} scenarios, ${result.concurrency} at a time, ${(result.wallMs / 60_000).toFixed(1)} min (started ${result.startedAt}).`,
    '',
    `${result.byGroup}.`,
    '',
    '| mutant | guarantee | verdict | failing checks |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** `out` gets the JSON; the same path with .md instead of .json gets the table. */
export function writeCampaignFiles(out: string, result: CampaignResult): void {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(`${out.replace(/\.json$/, '')}.md`, campaignMarkdown(result));
}
