// A running terminal host (line-based stdin, screen on stdout/stderr) driven through the
// screen patterns of its profile. Used by every terminal adapter; protocol hosts implement
// HostSession their own way. Signals arrive as a person delivers them: Ctrl-C to the whole
// foreground process group, SIGTERM to the host alone (as a process manager sends it).
// On a pseudo-terminal keys are typed as a person types them (lines end with "\r", Ctrl-C
// is "\x03" and the line discipline signals the foreground group, end of input is "\x04"
// at a line start), and the screen is also rendered as the user sees it.
import type { HostProfile } from './profile-schema.js';
import { UndrivableStep, type Answer, type ApprovalShown, type HostSession } from './host-adapter.js';
import { textBeforePrompt, type ScreenCapture, type ScreenPattern } from './screen-capture.js';
import { signalHost, stopGroup, type GroupProcess } from '../supervision/process-group.js';
import type { EndKind } from '../scenario/scenario-schema.js';
import type { ScreenText } from '../scenario/observations.js';
import { HarnessError } from '../errors.js';
import type { OutputTap } from '../sandbox/canary-stream.js';
import type { RenderedScreen } from './rendered-screen.js';
import { captureScreen, screenOf } from './host-screen.js';

type Dialect = Pick<HostProfile, 'screen' | 'answers'> & Partial<Pick<HostProfile, 'typingPauseMs'>>;

function readField(block: string, pattern: RegExp, encoding: HostProfile['screen']['fieldEncoding']): string | undefined {
  const value = pattern.exec(block)?.[1];
  if (value === undefined || encoding === 'raw') return value;
  try {
    const decoded: unknown = JSON.parse(value);
    return typeof decoded === 'string' ? decoded : value;
  } catch {
    return value;
  }
}

/** What a terminal's user types: a line, end of input, Ctrl-C. */
export const KEYS = {
  pipes: { lineEnd: '\n', interrupt: null, endOfInput: null },
  pty: { lineEnd: '\r', interrupt: '\u0003', endOfInput: '\u0004' },
} as const;

export class TerminalHostSession implements HostSession {
  /** What the patterns read: the raw capture, or the rendered screen's frames (screen.read). */
  readonly #screen: ScreenCapture;
  readonly #raw: ScreenCapture;
  readonly #frames: boolean;
  /** Whether the first prompt was seen (screen.firstInputAfterMs). */
  #prompted = false;
  /** The request the last input answered (its text as shown), until the host took the answer. */
  #answered: string | null = null;
  /** The text of the last request shown. */
  #lastRequest = '';
  readonly #rendered: RenderedScreen | null;
  readonly #keys: (typeof KEYS)[keyof typeof KEYS];
  /** The last write still waiting for its pause, if any (later writes keep their order behind it). */
  #queued: Promise<void> | null = null;
  readonly pid: number;
  readonly exited: GroupProcess['exited'];
  readonly unknownGate?: HostSession['unknownGate'];

  constructor(
    private readonly proc: GroupProcess,
    private readonly dialect: Dialect,
    tap?: OutputTap,
  ) {
    const { capture, rendered, frames, settled } = captureScreen(proc, tap, (data) => this.#write(data), { frames: dialect.screen.read === 'rendered' });
    this.#raw = capture;
    this.#screen = frames ?? capture;
    this.#frames = frames !== null;
    this.#rendered = rendered;
    this.#keys = proc.terminal === undefined ? KEYS.pipes : KEYS.pty;
    this.pid = proc.pid;
    // Exited means everything it wrote is on the screen, rendered too.
    this.exited = settled.then(() => proc.exited);
    const gate = dialect.screen.unknownGate;
    if (gate !== undefined) {
      this.unknownGate = {
        wait: async (timeoutMs) => (await this.#race('gate', gate, timeoutMs))?.text ?? null,
        answer: (answer) => {
          if (answer === 'eof') this.#endInput();
          else this.send(answer === 'approve' ? dialect.answers.confirmUnknown : answer === 'deny' ? dialect.answers.declineUnknown : '');
        },
      };
    }
  }

  screen(): ScreenText {
    return screenOf(this.#raw, this.#rendered);
  }

  startupText(): string {
    return textBeforePrompt(this.#screen.text().all, this.dialect.screen.prompt);
  }

  hasExited(): boolean {
    return this.proc.hasExited();
  }

  async waitFor(pattern: RegExp, timeoutMs: number): Promise<string | null> {
    const r = await this.#screen.waitFor([{ name: 'wanted', pattern }], timeoutMs);
    return r.kind === 'match' ? r.text : null;
  }

  /**
   * Read as drawn, a request just answered stays on screen until the host takes the key: what
   * comes next is shown after a frame without it. False: not within `timeoutMs`, or the host exited.
   */
  async #answerTaken(timeoutMs: number): Promise<boolean> {
    const answered = this.#answered;
    if (!this.#frames || answered === null) return true;
    const question = this.dialect.screen.approval.source;
    const escaped = answered.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // A state without a request, or with another request than the one answered (the next one
    // queued). What comes next is read from that state on: the frames before it still show the
    // answered request (redrawn as the key was typed), and are not a request or a prompt of their own.
    const patterns: ScreenPattern[] = [
      { name: 'gone', pattern: new RegExp(`^(?=\\f\\n(?![^\\f]*?(?:${question})))`, 'm') },
      { name: 'next', pattern: new RegExp(`^(?=\\f\\n(?![^\\f]*?${escaped})(?=[^\\f]*?(?:${question})))`, 'm') },
    ];
    if ((await this.#screen.waitFor(patterns, timeoutMs)).kind !== 'match') return false;
    this.#answered = null;
    return true;
  }

  /**
   * An approval request on screen before any prompt ends the wait at once (false), left for
   * waitForApproval: a host asking where the user expected its prompt will not show the prompt
   * until answered, so waiting out the step's deadline (the call deadline and slack) told nothing.
   */
  async waitForPrompt(timeoutMs: number): Promise<boolean> {
    await this.#typed();
    if (!(await this.#answerTaken(timeoutMs))) return false;
    const r = await this.#screen.waitFor(
      [
        { name: 'prompt', pattern: this.dialect.screen.prompt },
        { name: 'approval', pattern: this.dialect.screen.approval, consume: false },
      ],
      timeoutMs,
    );
    const ready = r.kind === 'match' && r.name === 'prompt';
    const pause = this.dialect.screen.firstInputAfterMs;
    if (ready && !this.#prompted && pause !== undefined) await new Promise((resolve) => setTimeout(resolve, pause));
    if (ready) this.#prompted = true;
    return ready;
  }

  /** Types a line; `before` runs just before its first key is written, `leadMs` after the keys typed before it. */
  send(line: string, before?: () => void, leadMs = 0): void {
    const pause = this.#keys === KEYS.pty ? this.dialect.typingPauseMs : undefined;
    if (pause === undefined) this.#type(`${line}${this.#keys.lineEnd}`, leadMs, before);
    else if (line === '') this.#type(this.#keys.lineEnd, leadMs + pause, before);
    else {
      this.#type(line, leadMs + pause, before);
      this.#write(this.#keys.lineEnd, pause);
    }
  }

  async waitForApproval(timeoutMs: number): Promise<ApprovalShown | null> {
    await this.#typed();
    if (!(await this.#answerTaken(timeoutMs))) return null;
    const from = this.#screen.cursor;
    const r = await this.#race('approval', this.dialect.screen.approval, timeoutMs);
    if (r === null) return null;
    const segment = this.#screen.text().all.slice(from, r.end);
    // The request starts at the last start marker before the question.
    const starts = [...segment.matchAll(new RegExp(this.dialect.screen.approvalStart.source, 'gm'))];
    const text = segment.slice(starts.at(-1)?.index ?? 0);
    const fields: ApprovalShown['fields'] = {};
    for (const [name, pattern] of Object.entries(this.dialect.screen.approvalFields)) {
      const value = readField(text, pattern, this.dialect.screen.fieldEncoding);
      if (value !== undefined) fields[name as keyof ApprovalShown['fields']] = value;
    }
    this.#lastRequest = text;
    return { text, fields };
  }

  answer(answer: Answer): void {
    // A probe meant to deny must not be this host's own approving word.
    if (typeof answer === 'object' && answer.text.trim().toLowerCase() === this.dialect.answers.approve.trim().toLowerCase())
      throw new UndrivableStep(`"${answer.text}" is this host's own approve answer`);
    this.#answered = this.#lastRequest;
    // The user reads the request first (answers.afterMs), in the queue of keys: the next wait starts once the answer is typed.
    const lead = this.dialect.answers.afterMs ?? 0;
    if (answer === 'eof') this.#endInput(lead);
    else if (typeof answer === 'object') this.#sendAnswer(answer.text, lead);
    else this.#sendAnswer(answer === 'approve' ? this.dialect.answers.approve : answer === 'deny' ? this.dialect.answers.deny : '', lead);
  }

  /**
   * An approval answer: a line, or on a host that takes one key press, the keys alone (an empty
   * answer is Enter). It answers the question on screen and every redraw of it so far (a
   * full-screen host redraws its request as its spinner turns): the next request is one drawn after.
   */
  #sendAnswer(text: string, leadMs: number): void {
    const answered = (): void => this.#screen.consumeThroughLast(this.dialect.screen.approval);
    if (this.dialect.answers.enter || text === '') return this.send(text, answered, leadMs);
    // A one-key selector reads each key as it comes: a word a person types reaches it key by key
    // (its first key may answer already, the rest go to what the host shows next), not as one chunk it ignores.
    const pause = this.#keys === KEYS.pty ? (this.dialect.typingPauseMs ?? 0) : 0;
    const [first = '', ...rest] = [...text];
    this.#type(first, leadMs + pause, answered);
    for (const key of rest) this.#write(key, pause);
  }

  interrupt(): void {
    if (this.#keys.interrupt === null) this.#signal(-this.pid, 'SIGINT');
    else this.#type(this.#keys.interrupt);
  }

  end(kind: EndKind): void {
    if (kind === 'eof') this.#endInput();
    else if (kind === 'quit') {
      if (this.dialect.answers.quit === undefined) throw new HarnessError('SCRIPT', 'this host has no quit command (profile answers.quit)');
      this.send(this.dialect.answers.quit);
    } else if (kind === 'SIGINT') this.interrupt();
    else signalHost(this.pid, kind);
  }

  async kill(graceMs?: number) {
    await stopGroup(this.proc, graceMs);
    return this.exited;
  }

  #endInput(leadMs = 0): void {
    if (this.#keys.endOfInput !== null) this.#type(this.#keys.endOfInput, leadMs);
    else this.#write('', leadMs, () => this.proc.stdin.end());
  }

  /** Waits for `pattern`, unless the prompt comes back first (the host went on without asking). */
  async #race(name: string, pattern: RegExp, timeoutMs: number) {
    const patterns: ScreenPattern[] = [
      { name, pattern },
      { name: 'prompt', pattern: this.dialect.screen.prompt, consume: false },
    ];
    const r = await this.#screen.waitFor(patterns, timeoutMs);
    return r.kind === 'match' && r.name === name ? r : null;
  }

  /** What the user types (after `pauseMs`; `before` runs just before the first key is written). */
  #type(text: string, pauseMs = 0, before?: () => void): void {
    this.#write(text, pauseMs, () => {
      // Read as drawn, what was on screen before the user's input is not an answer to it (a prompt or request still showing).
      if (this.#frames) this.#screen.skipShown();
      before?.();
    });
  }

  /** Resolves once every key typed so far is written (a person reads the screen for what comes next after typing). */
  async #typed(): Promise<void> {
    while (this.#queued !== null) await this.#queued;
  }

  /** Writes in order (`before` runs just before); a write after a pause waits for it, and every later write waits for that one. */
  #write(text: string, pauseMs = 0, before?: () => void): void {
    const put = (): void => {
      before?.();
      if (!this.proc.stdin.writableEnded && !this.proc.stdin.destroyed) this.proc.stdin.write(text);
    };
    if (pauseMs === 0 && this.#queued === null) return put();
    const queued = (this.#queued ?? Promise.resolve()).then(() => new Promise<void>((done) => setTimeout(done, pauseMs))).then(put);
    this.#queued = queued;
    void queued.then(() => {
      if (this.#queued === queued) this.#queued = null;
    });
  }

  /** `target` is the host's pid, or its negated group id for what a terminal sends the foreground group. */
  #signal(target: number, signal: NodeJS.Signals): void {
    try {
      process.kill(target, signal);
    } catch {
      // already gone
    }
  }
}
