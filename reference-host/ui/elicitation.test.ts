import { describe, expect, test } from 'vitest';
import { Interrupts } from '../chat/interrupts.js';
import { askUserElicitation, elicitationText } from './elicitation.js';
import type { Screen } from './screen.js';

const params = { mode: 'form' as const, message: 'Which date?', requestedSchema: { type: 'object' as const, properties: { date: { type: 'string' as const, description: 'The date', default: 'today' }, seats: { type: 'number' as const } } } };

/** A screen whose user types `lines` in turn (null: end of input). */
function typing(lines: (string | null)[]): { screen: Screen; shown: string[] } {
  const shown: string[] = [];
  return { shown, screen: { write: (t) => void shown.push(t), ask: async (prompt) => (shown.push(prompt), lines.shift() ?? null) } };
}

describe('an elicitation on the terminal (ASK-1)', () => {
  test('names the server on the line of its message and lists the fields', () => {
    const text = elicitationText('docs', params);
    expect(text.split('\n')[0]).toBe('MCP server "docs" asks: "Which date?"');
    expect(text).toContain('"date" (string): "The date"');
    expect(text).toContain('"seats" (number)');
  });

  test("accepts only what the user typed, never the default", async () => {
    const { screen } = typing(['2026-12-24', '3']);
    expect(await askUserElicitation(screen, new Interrupts())('docs', params)).toEqual({ action: 'accept', content: { date: '2026-12-24', seats: 3 } });
  });

  test('an empty line declines, end of input cancels, a bad number declines', async () => {
    expect(await askUserElicitation(typing(['']).screen, new Interrupts())('docs', params)).toEqual({ action: 'decline' });
    expect(await askUserElicitation(typing([null]).screen, new Interrupts())('docs', params)).toEqual({ action: 'cancel' });
    expect(await askUserElicitation(typing(['x', 'many']).screen, new Interrupts())('docs', params)).toEqual({ action: 'decline' });
  });
});
