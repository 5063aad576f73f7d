import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineReader } from './line-reader.js';
import { createScreen } from './screen.js';

describe('LineReader', () => {
  it('queues lines typed ahead, strips CR and returns a last line without newline', async () => {
    const input = new PassThrough();
    const reader = new LineReader(input);
    input.end('one\r\ntwo\nthree');
    expect(await reader.read()).toBe('one');
    expect(await reader.read()).toBe('two');
    expect(await reader.read()).toBe('three');
    expect(await reader.read()).toBeNull();
  });

  it('gives null when the signal aborts and keeps the next line for the next read', async () => {
    const input = new PassThrough();
    const reader = new LineReader(input);
    const controller = new AbortController();
    const pending = reader.read(controller.signal);
    controller.abort();
    expect(await pending).toBeNull();
    input.write('later\n');
    expect(await reader.read()).toBe('later');
  });
});

describe('createScreen', () => {
  it('writes prompts without a newline, stands in for the echo on a pipe and masks secrets', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const screen = createScreen(input, output, (t) => t.replace('hunter22', '********'));
    input.write('y\n');
    expect(await screen.ask('Approve? ')).toBe('y');
    screen.write('token hunter22\n');
    input.end();
    expect(await screen.ask('You> ')).toBeNull();
    screen.close();
    expect(text).toBe('Approve? \ntoken ********\nYou> ');
  });
});
