// Issue 15 item 5 (CRED-1 echo-off, INJECT-2 on the rendered screen): a terminal host on a
// pseudo-terminal is typed at as a person types, and its screen is read as the user sees it.
// Runs inside a process scope (the PID namespace path where the machine allows it).
import { afterEach, describe, expect, test } from 'vitest';
import { scanRunProcesses } from '../supervision/proc-scan.js';
import { ProcessScope, spawnHost } from '../supervision/process-scope.js';
import { HostProfileSchema } from './profile-schema.js';
import { TerminalHostSession } from './terminal-session.js';

const DIALECT = HostProfileSchema.parse({
  name: 'pty-test',
  command: 'sh',
  config: { format: 'mcp-servers-json', path: '/nonexistent/mcp.json' },
  screen: { prompt: '^You> ', approvalStart: '^\\[Tool: ', approval: '^Approve\\? ', statusLine: '^MCP server ' },
});

const scopes: ProcessScope[] = [];
const sessions: TerminalHostSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.kill(200)));
  await Promise.all(scopes.splice(0).map((s) => s.close()));
});

/** A full-screen host read as drawn (screen.read "rendered"). */
const DRAWN = HostProfileSchema.parse({
  name: 'pty-drawn-test',
  command: 'node',
  config: { format: 'mcp-servers-json', path: '/nonexistent/mcp.json' },
  screen: { read: 'rendered', firstInputAfterMs: 50, prompt: '^idle$', approvalStart: '^Tool$', approval: '^Proceed\\?$', statusLine: '^MCP server ' },
  answers: { approve: 'y', afterMs: 50 },
});

async function onPty(command: string, args: string[], dialect = DIALECT): Promise<TerminalHostSession> {
  const scope = new ProcessScope();
  scopes.push(scope);
  const proc = await scope.run(() => spawnHost(command, args, { env: { PATH: process.env.PATH ?? '' }, cwd: '/tmp', terminal: 'pty' }));
  const session = new TerminalHostSession(proc, dialect);
  sessions.push(session);
  return session;
}

/** The start of a full-screen host's script: raw keys, the alternate screen, `at(row, text)` drawing by cursor address, idle. */
const FULL_SCREEN = `
const at = (row, text) => process.stdout.write('\\x1b[' + row + ';1H' + text + '\\x1b[K');
process.stdin.setRawMode(true);
process.stdout.write('\\x1b[?1049h');
at(1, 'idle');
let keys = '';
`;

/**
 * A full-screen host that draws by cursor address: two identical requests in a row, the first
 * still on screen (a cell redrawn) after its key, a frame without it between them, then idle.
 */
const TWO_REQUESTS = `${FULL_SCREEN}
process.stdin.on('data', (d) => {
  keys += d;
  if (keys.endsWith('\\r') && keys.length === 4) { at(1, 'Tool'); at(2, 'Proceed?'); at(3, 'o'); }
  else if (keys === 'ask\\ry\\r') { at(3, '*'); setTimeout(() => { at(2, 'working'); setTimeout(() => { at(2, 'Proceed?'); at(3, 'o'); }, 100); }, 100); }
  else if (keys === 'ask\\ry\\ry\\r') { at(2, ''); at(3, ''); at(1, 'idle'); at(4, 'keys ' + JSON.stringify(keys)); }
});`;

/**
 * A full-screen host that redraws its request (a spinner cell) as the answer's key arrives, then
 * shows the next, other request in its place, then idle.
 */
const REDRAW_THEN_NEXT = `${FULL_SCREEN}
process.stdin.on('data', (d) => {
  keys += d;
  if (keys === 'ask\\r') { at(1, 'Tool'); at(2, 'call A'); at(3, 'Proceed?'); }
  else if (keys === 'ask\\ry\\r') { at(4, '*'); setTimeout(() => at(2, 'call B'), 100); }
  else if (keys === 'ask\\ry\\ry\\r') { at(2, ''); at(3, ''); at(4, ''); at(1, 'idle'); }
});`;

/** A host that reads one value with echo off (raw mode, as a password prompt does) and says how long it was. */
const ECHO_OFF_READER = `
process.stdin.setRawMode(true);
process.stdout.write('Secret: ');
let typed = '';
process.stdin.on('data', (d) => {
  typed += d;
  if (!typed.includes('\\r')) return;
  process.stdin.setRawMode(false);
  process.stdout.write('\\nread ' + (typed.length - 1) + ' characters\\n');
  process.exit(0);
});`;

describe('a terminal host on a pseudo-terminal', () => {
  test('sees a terminal of 120 columns with TERM set, and the session reads its prompt and a typed line', async () => {
    const s = await onPty('sh', ['-c', 'test -t 0 && test -t 1 && echo "tty $TERM $(stty size)"; printf "You> "; read line; echo "got [$line]"']);
    expect(await s.waitForPrompt(5000)).toBe(true);
    s.send('hello there');
    expect(await s.waitFor(/got \[hello there\]/, 5000)).not.toBeNull();
    await s.exited;
    const screen = s.screen();
    expect(screen.all).toContain('tty xterm-256color 40 120\nYou> ');
    expect(screen.all).not.toContain('\r\n');
    expect(screen.rendered).toBe('tty xterm-256color 40 120\nYou> hello there\ngot [hello there]');
  });

  test('an approval request where the prompt was expected ends the prompt wait at once, and is left for the approval wait', async () => {
    const s = await onPty('sh', ['-c', 'printf "[Tool: docs/search]\\nApprove? "; read answer; printf "You> "; read line']);
    // A deadline past the test's own: only an early end lets the test finish.
    expect(await s.waitForPrompt(120_000)).toBe(false);
    expect((await s.waitForApproval(0))?.text).toContain('[Tool: docs/search]');
  });

  test('Ctrl-C typed on the terminal reaches every process of the foreground group', async () => {
    const s = await onPty('sh', [
      '-c',
      'trap "echo host got INT" INT; (trap "echo child got INT; exit 0" INT; printf "You> "; while :; do sleep 0.1; done); echo done',
    ]);
    expect(await s.waitForPrompt(5000)).toBe(true);
    s.interrupt();
    await s.exited;
    expect(s.screen().rendered).toMatch(/child got INT[^]*host got INT\ndone/);
  });

  test('a crash (SIGKILL) takes the whole host group: a launcher cannot forward it to the program it started', async () => {
    const marker = `launched-${process.pid}-${Date.now()}`;
    const s = await onPty('sh', ['-c', `sh -c 'trap "" TERM HUP; printf "You> "; while :; do sleep 0.1; done' ${marker} & wait`]);
    expect(await s.waitForPrompt(5000)).toBe(true);
    expect(scanRunProcesses(marker).length).toBeGreaterThan(0);
    s.end('SIGKILL');
    expect(await s.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await expect.poll(() => scanRunProcesses(marker).length, { timeout: 5000 }).toBe(0);
  });

  test('end of input is Ctrl-D at the start of a line', async () => {
    const s = await onPty('sh', ['-c', 'printf "You> "; read line || echo "end of input"']);
    expect(await s.waitForPrompt(5000)).toBe(true);
    s.end('eof');
    expect(await s.waitFor(/end of input/, 5000)).not.toBeNull();
  });

  test('a secret read with echo off never reaches the rendered screen', async () => {
    const s = await onPty(process.execPath, ['-e', ECHO_OFF_READER]);
    expect(await s.waitFor(/Secret: /, 5000)).not.toBeNull();
    s.send('hunter2-canary');
    await s.exited;
    expect(s.screen().rendered).toBe('Secret:\nread 14 characters');
    expect(s.screen().all).not.toContain('hunter2');
  });

  test('a secret read with echo on is on the rendered screen (the terminal echoes it)', async () => {
    const s = await onPty('sh', ['-c', 'printf "Secret: "; read value; echo "read it"']);
    expect(await s.waitFor(/Secret: /, 5000)).not.toBeNull();
    s.send('hunter2-canary');
    await s.exited;
    expect(s.screen().rendered).toBe('Secret: hunter2-canary\nread it');
  });

  test('a forged line (carriage return, erase line) overwrites its line on the rendered screen, not in the capture', async () => {
    const s = await onPty('sh', ['-c', 'printf "result: \\r\\033[2Kforged question? \\n"']);
    await s.exited;
    expect(s.screen().rendered).toBe('forged question?');
    expect(s.screen().all).toContain('result: \r\u001b[2Kforged');
  });

  test('a full-screen host read as drawn: the first prompt after a pause, a request still shown after its answer is not the next one', async () => {
    const s = await onPty(process.execPath, ['-e', TWO_REQUESTS], DRAWN);
    expect(await s.waitForPrompt(5000)).toBe(true);
    s.send('ask');
    const first = await s.waitForApproval(5000);
    expect(first?.text).toBe('Tool\nProceed?');
    s.answer('approve');
    expect((await s.waitForApproval(5000))?.text).toBe('Tool\nProceed?');
    s.answer('approve');
    expect(await s.waitForPrompt(5000)).toBe(true);
    expect(await s.waitFor(/^keys "ask\\ry\\ry\\r"$/m, 5000)).not.toBeNull();
  });

  test('a full-screen host read as drawn: its request redrawn as the key arrived is not read as the next request', async () => {
    const s = await onPty(process.execPath, ['-e', REDRAW_THEN_NEXT], DRAWN);
    expect(await s.waitForPrompt(5000)).toBe(true);
    s.send('ask');
    expect((await s.waitForApproval(5000))?.text).toBe('Tool\ncall A\nProceed?');
    s.answer('approve');
    expect((await s.waitForApproval(5000))?.text).toBe('Tool\ncall B\nProceed?');
    s.answer('approve');
    expect(await s.waitForPrompt(5000)).toBe(true);
  });

  test('with typingPauseMs, Enter is a key of its own after the text; with answers.enter false an answer is its keys alone, one by one, and answers every redraw of its question', async () => {
    const keyed = HostProfileSchema.parse({
      ...DIALECT,
      typingPauseMs: 50,
      answers: { ...DIALECT.answers, enter: false },
      screen: { prompt: '^You> ', approvalStart: '^\\[Tool: ', approval: 'Approve\\? ', statusLine: '^MCP server ' },
    });
    // Reads raw keys, shows each chunk it got; draws its question twice (a redraw), then once more after "y".
    const host = `
process.stdin.setRawMode(true);
process.stdout.write('You> ');
process.stdin.on('data', (d) => {
  const s = String(d);
  process.stdout.write('[chunk ' + JSON.stringify(s) + ']\\n');
  if (s === '\\r') process.stdout.write('[Tool: a]\\nApprove? \\n[Tool: a]\\nApprove? \\n');
  if (s === 'y') { process.stdout.write('[Tool: b]\\nApprove? \\n'); }
  if (s === 'o') process.exit(0);
});`;
    const s = await onPty(process.execPath, ['-e', host], keyed);
    expect(await s.waitForPrompt(5000)).toBe(true);
    s.send('hello');
    expect((await s.waitForApproval(5000))?.text).toContain('[Tool: a]');
    s.answer('approve');
    expect((await s.waitForApproval(5000))?.text).toContain('[Tool: b]');
    s.answer({ text: 'no' });
    await s.exited;
    const all = s.screen().all;
    expect(all).toContain('[chunk "hello"]\n[chunk "\\r"]');
    expect(all).toContain('[chunk "y"]\n');
    expect(all).not.toContain('[chunk "y\\r"]');
    // A typed word reaches a one-key selector key by key, as a person types it.
    expect(all).toContain('[chunk "n"]\n');
    expect(all).toContain('[chunk "o"]\n');
  });
});
