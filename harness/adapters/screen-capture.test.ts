import { describe, expect, test } from 'vitest';
import { ScreenCapture } from './screen-capture.js';

const p = (name: string, pattern: RegExp, consume?: boolean) => ({ name, pattern, ...(consume === undefined ? {} : { consume }) });

describe('ScreenCapture', () => {
  test('a waiter resolves when its text arrives, not before', async () => {
    const screen = new ScreenCapture();
    const waiting = screen.waitFor([p('prompt', /^You> /m)], 5000);
    screen.append('stdout', 'banner\n');
    screen.append('stdout', 'You> ');
    const r = await waiting;
    expect(r.kind === 'match' && r.name).toBe('prompt');
  });

  test('the earliest of several patterns wins and the cursor moves past it', async () => {
    const screen = new ScreenCapture();
    screen.append('stdout', 'Approve? [y/N] \nYou> ');
    const first = await screen.waitFor([p('prompt', /You> /), p('approval', /Approve\?/)], 1000);
    expect(first.kind === 'match' && first.name).toBe('approval');
    const second = await screen.waitFor([p('approval', /Approve\?/)], 10);
    expect(second.kind).toBe('deadline');
  });

  test('a match with consume false leaves the text for the next waiter', async () => {
    const screen = new ScreenCapture();
    screen.append('stdout', 'You> ');
    await screen.waitFor([p('prompt', /You> /, false)], 1000);
    expect((await screen.waitFor([p('prompt', /You> /)], 1000)).kind).toBe('match');
  });

  test('waiters learn that the host exited', async () => {
    const screen = new ScreenCapture();
    const waiting = screen.waitFor([p('never', /never/)], 5000);
    screen.close();
    expect((await waiting).kind).toBe('exit');
  });

  test('the deadline ends a wait for text that never comes', async () => {
    expect((await new ScreenCapture().waitFor([p('x', /x/)], 20)).kind).toBe('deadline');
  });

  test('output past the cap is dropped and marked', () => {
    const screen = new ScreenCapture(10);
    screen.append('stdout', '0123456789abc');
    screen.append('stderr', 'more');
    expect(screen.text()).toEqual({ all: '0123456789', stdout: '0123456789', stderr: '', truncated: true });
  });

  test("on a terminal the terminal's line ends become the host's again, across chunks, while the emulator and the tap get the bytes as written", () => {
    const mirrored: string[] = [];
    const tapped: string[] = [];
    const screen = new ScreenCapture(undefined, { write: (_stream, chunk) => tapped.push(chunk) }, { mirror: (chunk) => mirrored.push(chunk) });
    for (const chunk of ['one\r', '\ntwo\r\n', 'bare\rthree\r']) screen.append('stdout', chunk);
    expect(screen.text().all).toBe('one\ntwo\nbare\rthree');
    screen.close();
    expect(screen.text().all).toBe('one\ntwo\nbare\rthree\r');
    expect(mirrored.join('')).toBe('one\r\ntwo\r\nbare\rthree\r');
    expect(tapped.join('')).toBe(mirrored.join(''));
  });

  test('consumeThroughLast passes a question and every redraw of it, and leaves what follows', async () => {
    const screen = new ScreenCapture();
    screen.append('stdout', 'Allow? (frame 1)\nAllow? (frame 2)\nYou> ');
    screen.consumeThroughLast(/Allow\?/);
    expect(screen.pending()).toBe(' (frame 2)\nYou> ');
    expect((await screen.waitFor([p('approval', /Allow\?/)], 10)).kind).toBe('deadline');
    screen.consumeThroughLast(/not there/);
    expect(screen.pending()).toBe(' (frame 2)\nYou> ');
  });
});
