import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createSecretReader, SecretInputError, type SecretInputStream } from './secret-input.js';

function capture(): { stream: PassThrough; text(): string } {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  return { stream, text: () => chunks.join('') };
}

function fakeTty(): PassThrough & SecretInputStream & { rawModes: boolean[] } {
  const rawModes: boolean[] = [];
  return Object.assign(new PassThrough(), { isTTY: true, rawModes, setRawMode: (mode: boolean) => rawModes.push(mode) });
}

describe('createSecretReader on a pipe', () => {
  it('reads exactly one line per value, keeping the rest for the next value', async () => {
    const input = new PassThrough();
    const out = capture();
    const reader = createSecretReader(input, out.stream);
    input.write('first-sec');
    input.write('ret\r\nsecond\nthird\n');
    expect(await reader.read('Value for header A: ')).toBe('first-secret');
    expect(await reader.read('Value for header B: ')).toBe('second');
    reader.close();
    expect(out.text()).toBe('Value for header A: \nValue for header B: \n');
  });

  it('accepts a last value without a line end at end of input', async () => {
    const input = new PassThrough();
    const reader = createSecretReader(input, capture().stream);
    input.end('only');
    expect(await reader.read('? ')).toBe('only');
  });

  it('rejects when input ends before a value was entered', async () => {
    const input = new PassThrough();
    const reader = createSecretReader(input, capture().stream);
    const value = reader.read('? ');
    input.end();
    await expect(value).rejects.toThrow(new SecretInputError('end of input before a value was entered'));
  });
});

describe('createSecretReader on a terminal', () => {
  it('uses raw mode, echoes nothing typed and applies backspace', async () => {
    const input = fakeTty();
    const out = capture();
    const reader = createSecretReader(input, out.stream);
    const value = reader.read('Value for env TOKEN: ');
    input.write('s3cr');
    input.write('\u007fet\u001b[Dx\r');
    expect(await value).toBe('s3cetx');
    reader.close();
    expect(out.text()).toBe('Value for env TOKEN: \n');
    expect(input.rawModes).toEqual([true, false]);
  });

  it('treats Ctrl-C as a cancel and leaves raw mode', async () => {
    const input = fakeTty();
    const reader = createSecretReader(input, capture().stream);
    const value = reader.read('? ');
    input.write('abc\u0003');
    await expect(value).rejects.toThrow('cancelled');
    expect(input.rawModes).toEqual([true, false]);
  });

  it('treats Ctrl-D on an empty value as end of input', async () => {
    const input = fakeTty();
    const reader = createSecretReader(input, capture().stream);
    const value = reader.read('? ');
    input.write('\u0004');
    await expect(value).rejects.toThrow('end of input');
  });

  it('never resumes a closed input', () => {
    const input = fakeTty();
    const reader = createSecretReader(input, capture().stream);
    const resume = vi.spyOn(input, 'resume');
    reader.close();
    expect(resume).not.toHaveBeenCalled();
    expect(input.listenerCount('data')).toBe(0);
  });
});
