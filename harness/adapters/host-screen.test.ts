import { describe, expect, test } from 'vitest';
import { shownText } from '../scenario/evidence.js';
import { shownAsTranscript } from './host-screen.js';

describe("what a host's user is shown", () => {
  const text = { all: 'acp> \nWARN asks: "date?"\n', stdout: 'acp> \n', stderr: 'WARN asks: "date?"\n', truncated: false };

  test("a protocol client's user is shown its transcript, never the agent's stderr log", () => {
    const screen = shownAsTranscript(text);
    expect(shownText({ screen })).toBe('acp> \n');
    expect(screen.all).toContain('date?'); // negative checks still read everything
  });

  test("a terminal host's user is shown all of it, stderr included", () => {
    expect(shownText({ screen: text })).toBe(text.all);
  });
});
