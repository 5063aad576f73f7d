import { describe, expect, test } from 'vitest';
import { CanaryRegistry } from './canaries.js';
import { ScreenScan, StreamSightings } from './canary-stream.js';

describe('canaries in a stream', () => {
  test('a value split across chunks, even one character at a time, is found once', () => {
    const registry = new CanaryRegistry();
    const c = registry.mint('server "docs" header Authorization', []);
    const stream = new StreamSightings(registry.matcher(), registry.all(), 'screen', 'host output #1 (stdout)');
    const text = `${'x'.repeat(100_000)}Bearer ${c.value}\n${c.value}`;
    for (let i = 0; i < 100_000; i += 4096) stream.write(text.slice(i, Math.min(i + 4096, 100_000)));
    for (const ch of text.slice(100_000)) stream.write(ch);
    expect(stream.sightings().map((s) => [s.canary, s.form, s.whole])).toEqual([[c.label, 'raw', true]]);
  });

  test('a window seen first is upgraded when the whole value follows', () => {
    const registry = new CanaryRegistry();
    const c = registry.mint('k', []);
    const stream = new StreamSightings(registry.matcher(), registry.all(), 'screen', 's');
    stream.write(`hint ${c.value.slice(-20)} `);
    stream.write(`${'y'.repeat(500)} ${c.value}`);
    expect(stream.sightings().map((s) => s.whole)).toEqual([true]);
  });

  test('the screen scan numbers its taps and keeps each stream apart', () => {
    const registry = new CanaryRegistry();
    const c = registry.mint('k', []);
    const scan = new ScreenScan(registry);
    scan.tap();
    const second = scan.tap();
    second.write('stderr', c.value.slice(0, -10));
    second.write('stdout', c.value.slice(-10));
    second.write('stderr', c.value.slice(-10));
    expect(scan.taps).toBe(2);
    expect(scan.sightings().map((s) => [s.source, s.whole])).toEqual([['host output #2 (stderr)', true]]);
  });
});
