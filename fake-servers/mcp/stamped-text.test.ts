import { describe, expect, it } from 'vitest';
import { FILLS, padFor, SizeError, STAMP_BLOCK_BYTES, stampAt, stampedText, utf8Bytes, stampsIn, stampedPrefixFault } from './stamped-text.js';

describe('stampedText', () => {
  it.each(FILLS)('is exactly the requested UTF-8 size with %s fill, at every length', (fill) => {
    for (let bytes = 0; bytes <= 3 * STAMP_BLOCK_BYTES + 1; bytes++) expect(utf8Bytes(stampedText(bytes, fill))).toBe(bytes);
    for (const bytes of [64 * 1024, 64 * 1024 + 1, 1024 * 1024, 1024 * 1024 + 1]) expect(utf8Bytes(stampedText(bytes, fill))).toBe(bytes);
  });

  it('opens every 64-byte block with its byte offset, so a kept part names its position', () => {
    const text = stampedText(70_000, 'utf8-3');
    const bytes = Buffer.from(text, 'utf8');
    for (const offset of [0, 64, 65_536, 69_952]) expect(bytes.subarray(offset, offset + 10).toString('utf8')).toBe(stampAt(offset));
    expect(stampAt(65_536)).toBe('[00065536]');
  });

  it('tells the head from the tail', () => {
    const text = stampedText(70_000);
    expect(text.startsWith('[00000000]')).toBe(true);
    expect(text.slice(-64 * 1024).includes('[00000000]')).toBe(false);
  });

  it('makes bytes, characters and UTF-16 units differ with multi-byte fills', () => {
    const bytes = 64 * 1024;
    const ascii = stampedText(bytes, 'ascii');
    expect([ascii.length, [...ascii].length]).toEqual([bytes, bytes]);
    const two = stampedText(bytes, 'utf8-2');
    expect([...two].length).toBeLessThan(bytes * 0.6);
    const three = stampedText(bytes, 'utf8-3');
    expect(three.length).toBeLessThan(bytes * 0.45);
    const four = stampedText(bytes, 'utf8-4');
    // Each 4-byte character is two UTF-16 units: three counts differ.
    expect(new Set([bytes, four.length, [...four].length]).size).toBe(3);
    expect(stampedText(128, 'utf8-mixed')).toMatch(/^\[00000000\](é€😀)+\.*\[00000064\]é€😀/);
  });

  it('needs no escaping in JSON, so a pad adds exactly its own size to a JSON text', () => {
    for (const fill of FILLS) {
      const text = stampedText(1000, fill);
      expect(utf8Bytes(JSON.stringify(text))).toBe(1002);
    }
  });

  it('refuses sizes the stamps cannot address', () => {
    expect(() => stampedText(-1)).toThrow(RangeError);
    expect(() => stampedText(100 * 1024 * 1024)).toThrow(RangeError);
  });
});

describe('padFor', () => {
  it('makes the measured text exactly the requested size', () => {
    const measure = (pad: string) => utf8Bytes(JSON.stringify({ id: 7, padding: pad }));
    expect(measure(padFor(5000, 'utf8-4', measure))).toBe(5000);
  });

  it('says how many bytes the text needs when the size is too small', () => {
    expect(() => padFor(3, 'ascii', (pad) => 10 + pad.length)).toThrow(new SizeError('3 bytes is less than the 10 bytes it takes without padding'));
  });
});

describe('stampedPrefixFault', () => {
  const text = stampedText(64 * 10, 'utf8-3');
  it('accepts the first blocks whole, in order, inside any framing', () => {
    expect(stampsIn(text)).toHaveLength(10);
    expect(stampedPrefixFault(`Output:\n${text}\n[truncated]`, 10)).toBeNull();
    expect(stampedPrefixFault(text.slice(0, text.indexOf(stampAt(320))), 5)).toBeNull();
  });

  it('names the first block out of place when the middle was dropped or the tail kept', () => {
    const headAndTail = text.slice(0, text.indexOf(stampAt(192))) + '…' + text.slice(text.indexOf(stampAt(448)));
    expect(stampedPrefixFault(headAndTail, 10)).toBe('block [00000448] where [00000192] belongs (3 block(s) in order before it)');
    expect(stampedPrefixFault(text.slice(text.indexOf(stampAt(64))), 9)).toMatch(/^block \[00000064\] where \[00000000\] belongs/);
  });

  it('counts missing blocks at the end', () => {
    expect(stampedPrefixFault(text.slice(0, text.indexOf(stampAt(576))), 10)).toBe('9 block(s) where 10 belong');
  });
});
