import { describe, expect, test } from 'vitest';
import { RenderedScreen } from './rendered-screen.js';

const ESC = '\u001b[';

async function render(...chunks: string[]): Promise<RenderedScreen> {
  const screen = new RenderedScreen({ cols: 20, rows: 5 }, () => undefined);
  for (const chunk of chunks) {
    screen.write(chunk);
    await screen.settled();
  }
  return screen;
}

describe('the lines a person read on the screen', () => {
  test('a full-screen host drawing rows by cursor address: each row is a line, a redrawn frame counts once', async () => {
    const frame = `${ESC}1;1Hstatus: ok${ESC}K${ESC}2;1Hhello${ESC}K${ESC}5;1H> `;
    const screen = await render(`${ESC}?1049h${frame}`, frame, `${ESC}2;1Hworld${ESC}K${ESC}5;1H> `);
    expect(screen.seenLines()).toEqual(['status: ok', 'hello', 'world', '>']);
  });

  test('a line a full-screen host wrapped itself at the right edge is read whole, as the terminal wraps its own', async () => {
    const screen = await render(`${ESC}?1049h${ESC}1;1H${'a'.repeat(19)}${ESC}2;1Hbcd${ESC}4;1H`, `x${'y'.repeat(25)}`);
    expect(screen.seenLines()).toEqual([`${'a'.repeat(19)}bcd`, `x${'y'.repeat(25)}`]);
  });

  test('on the normal screen a line that fills the width ends at its newline', async () => {
    const screen = await render(`${'a'.repeat(19)}\r\nserver two\r\n`);
    expect(screen.seenLines()).toEqual(['a'.repeat(19), 'server two']);
  });

  test('a line still being written under the cursor is read only once finished', async () => {
    const screen = await render('MCP server notes: 3 to', 'ols\r\n');
    expect(screen.seenLines()).toEqual(['MCP server notes: 3 tools']);
  });
});

describe('the states of the screen, frame by frame', () => {
  test('each distinct visible screen is one frame, rows as drawn, also a second identical request the raw stream never redraws', async () => {
    const screen = new RenderedScreen({ cols: 20, rows: 4 }, () => undefined);
    const frames: string[] = [];
    screen.onFrame((f) => frames.push(f));
    const write = async (chunk: string): Promise<void> => {
      screen.write(chunk);
      await screen.settled();
    };
    await write(`${ESC}?1049h${ESC}1;1H${'─'.repeat(20)}${ESC}2;1HProceed?${ESC}3;1H● call`);
    // Only the changed cell is written: the question stays where it was.
    await write(`${ESC}3;1H○`);
    await write(`${ESC}3;1H○`);
    expect(frames).toEqual([`${'─'.repeat(20)}\nProceed?\n● call`, `${'─'.repeat(20)}\nProceed?\n○ call`]);
  });

  test('a redraw that arrives in two parts is one frame: the half-drawn state between them is not a state a person saw', async () => {
    const screen = new RenderedScreen({ cols: 20, rows: 4 }, () => undefined);
    const frames: string[] = [];
    screen.onFrame((f) => frames.push(f));
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    screen.write(`${ESC}?1049h${ESC}1;1Hworking${ESC}2;1HProceed?${ESC}3;1H> yes`);
    await pause(100);
    // The host erases its request and draws it again; the pty delivers the erase and the drawing apart.
    screen.write(`${ESC}2;1H${ESC}2K${ESC}3;1H${ESC}2K`);
    await pause(5);
    screen.write(`${ESC}2;1HProceed?${ESC}3;1H> no`);
    await pause(100);
    // A state held longer than a moment is a frame of its own.
    screen.write(`${ESC}2;1H${ESC}2K${ESC}3;1H${ESC}2K`);
    await pause(100);
    await screen.settled();
    expect(frames).toEqual(['working\nProceed?\n> yes', 'working\nProceed?\n> no', 'working']);
  });
});
