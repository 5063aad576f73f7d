import { describe, expect, test } from 'vitest';
import { FINDINGS_END, FINDINGS_START, renderFindingsBlock, withFindingsBlock } from './findings-doc.js';
import { ReportError } from './report-error.js';
import { refhostFlakyReport, refhostReport } from './test-fixtures/sample-reports.js';

describe('FINDINGS.md generated from the report', () => {
  test('the block names the host, its counts and each finding with its checks and rerun command', () => {
    const block = renderFindingsBlock(refhostReport(), 'refhost');
    expect(block.startsWith(FINDINGS_START)).toBe(true);
    expect(block.endsWith(FINDINGS_END)).toBe(true);
    expect(block).toContain('## Findings of refhost 0.1.0 (');
    expect(block).toContain('expose-description/origin-first (FAIL)');
    expect(block).toContain('**Reproduce:** `mcp-host-conformance run --host refhost --only expose-description`');
    expect(() => renderFindingsBlock(refhostReport(), 'nope')).toThrow(ReportError);
  });

  test('a FLAKY check is no finding: it is listed apart with its outcomes', () => {
    const block = renderFindingsBlock(refhostFlakyReport(), 'refhost');
    expect(block).toContain('## Findings of refhost 0.1.0 (1: 1 interoperability)');
    expect(block).not.toContain('expose-description/origin-first (');
    expect(block).toContain(
      '### Flaky (1): the verdict differed between runs of the scenario, so not a finding\n\n- expose-description/origin-first: FAIL then PASS\n',
    );
    expect(renderFindingsBlock(refhostReport(), 'refhost')).not.toContain('### Flaky');
  });

  test('replaces only what is between the markers, keeping the notes around them', () => {
    const file = `# Host\n\nintro\n\n${FINDINGS_START}\nold\n${FINDINGS_END}\n\n## Notes\nmine\n`;
    expect(withFindingsBlock(file, `${FINDINGS_START}\nnew\n${FINDINGS_END}`)).toBe(
      `# Host\n\nintro\n\n${FINDINGS_START}\nnew\n${FINDINGS_END}\n\n## Notes\nmine\n`,
    );
  });

  test('a file without markers gets the block after its title; one marker alone is refused', () => {
    expect(withFindingsBlock('# Host\nnotes\n', 'BLOCK')).toBe('# Host\n\nBLOCK\n\nnotes\n');
    expect(() => withFindingsBlock(`# Host\n${FINDINGS_START}\n`, 'BLOCK')).toThrow(/one findings marker/);
  });
});
