import { describe, expect, it } from 'vitest';
import { createProgress } from './progress.js';

function sink(columns?: number): { write(chunk: string): void; columns?: number; text: string } {
  const out = {
    text: '',
    columns,
    write(chunk: string) {
      out.text += chunk;
    },
  };
  return out;
}

describe('createProgress in CI or without a terminal', () => {
  it('prints one plain line per finished scenario and no terminal control sequences', () => {
    const out = sink();
    const progress = createProgress({ total: 3, isTTY: false, out, env: {}, now: () => 0 });
    progress.start('discover-once');
    progress.finish('discover-once', { PASS: 2 });
    progress.start('expose-description');
    progress.finish('expose-description', { FAIL: 1, PASS: 1 });
    expect(out.text).toBe('[1/3] discover-once: 2 PASS\n[2/3] expose-description: 1 FAIL · 1 PASS\n');
  });

  it('uses plain lines on a terminal when CI is set', () => {
    const out = sink();
    const progress = createProgress({ total: 1, isTTY: true, out, env: { CI: 'true' }, now: () => 0 });
    progress.start('a');
    progress.finish('a', { PASS: 1 });
    expect(out.text).toBe('[1/1] a: 1 PASS\n');
  });
});

describe('createProgress on a terminal', () => {
  it('rewrites one live line with done/total, failures so far and what is running', () => {
    const out = sink();
    const progress = createProgress({ total: 12, isTTY: true, out, env: {}, now: () => 0 });
    progress.start('discover-once');
    progress.start('approve-deny');
    progress.finish('discover-once', { PASS: 3 });
    const frames = out.text.split('\r\u001b[2K').filter(Boolean);
    expect(frames).toEqual([
      '[ 0/12] 0 failed · running discover-once',
      '[ 0/12] 0 failed · running discover-once, approve-deny',
      '[ 1/12] 0 failed · running approve-deny',
    ]);
    expect(out.text).not.toContain('\n');
  });

  it('keeps failing scenarios on screen above the live line and counts harness errors apart', () => {
    const out = sink();
    const progress = createProgress({ total: 2, isTTY: true, out, env: {}, now: () => 0 });
    progress.start('approve-deny');
    progress.finish('approve-deny', { FAIL: 1, 'HARNESS-ERROR': 1, PASS: 2 });
    expect(out.text.endsWith('\r\u001b[2K✗ approve-deny: 1 FAIL · 1 HARNESS-ERROR · 2 PASS\n\r\u001b[2K[1/2] 1 failed, 1 harness errors')).toBe(true);
  });

  it('cuts the live line to the terminal width and shows control characters in names as text', () => {
    const out = sink(50);
    const progress = createProgress({ total: 1, isTTY: true, out, env: {}, now: () => 0 });
    progress.start(`evil\u001b[2Jname-${'x'.repeat(40)}`);
    const frame = out.text.replace('\r\u001b[2K', '');
    expect(frame).toHaveLength(49);
    expect(frame).toContain('evil\\x1b[2J');
    expect(frame.endsWith('…')).toBe(true);
  });
});

describe('end', () => {
  it('clears the live line, then prints the summary table and the report paths', () => {
    const out = sink();
    let clock = 1_000;
    const progress = createProgress({ total: 2, isTTY: true, out, env: {}, now: () => clock });
    progress.start('a');
    progress.finish('a', { FAIL: 1, PASS: 4 });
    progress.start('b');
    progress.finish('b', { 'NON-STRICT': 1, PASS: 2 });
    clock = 13_400;
    out.text = '';
    progress.end(['reports/refhost/index.html', 'reports/refhost/report.md']);
    expect(out.text).toBe(
      [
        '\r\u001b[2K',
        'Verdict         Checks',
        'FAIL                 1',
        'BLOCKED              0',
        'HARNESS-ERROR        0',
        'NON-STRICT           1',
        'UNSUPPORTED          0',
        'INFO                 0',
        'PASS                 6',
        'Total                8',
        'Scenarios: 2/2 in 12.4 s',
        'Reports:',
        '  reports/refhost/index.html',
        '  reports/refhost/report.md',
        '',
      ].join('\n'),
    );
  });
});
