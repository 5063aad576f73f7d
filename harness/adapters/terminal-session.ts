// A running terminal host (line-based stdin, screen on stdout/stderr) driven through the
// screen patterns of its profile. Used by every terminal adapter; protocol hosts implement
// HostSession their own way.
import type { HostProfile } from './profile-schema.js';
import type { Answer, ApprovalShown, HostSession } from './host-adapter.js';
import { ScreenCapture, textBeforePrompt, type ScreenPattern } from './screen-capture.js';
import { stopGroup, type GroupProcess } from '../supervision/process-group.js';
import type { EndKind } from '../scenario/scenario-schema.js';
import { HarnessError } from '../errors.js';
import type { OutputTap } from '../sandbox/canary-stream.js';

type Dialect = Pick<HostProfile, 'screen' | 'answers'>;

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

export class TerminalHostSession implements HostSession {
  readonly #screen: ScreenCapture;
  readonly pid: number;
  readonly exited: GroupProcess['exited'];

  constructor(
    private readonly proc: GroupProcess,
    private readonly dialect: Dialect,
    tap?: OutputTap,
  ) {
    this.#screen = new ScreenCapture(undefined, tap);
    this.pid = proc.pid;
    this.#screen.attach(proc.stdout, proc.stderr);
    this.exited = proc.exited;
    // Let the last output chunks land before waiters are told the host is gone.
    void proc.exited.then(() => setImmediate(() => this.#screen.close()));
  }

  screen() {
    return this.#screen.text();
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

  async waitForPrompt(timeoutMs: number): Promise<boolean> {
    return (await this.waitFor(this.dialect.screen.prompt, timeoutMs)) !== null;
  }

  send(line: string): void {
    this.#write(`${line}\n`);
  }

  async waitForApproval(timeoutMs: number): Promise<ApprovalShown | null> {
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
    return { text, fields };
  }

  answer(kind: Answer): void {
    if (kind === 'eof') this.proc.stdin.end();
    else this.send(kind === 'approve' ? this.dialect.answers.approve : kind === 'deny' ? this.dialect.answers.deny : '');
  }

  async waitForUnknownGate(timeoutMs: number): Promise<string | null> {
    const r = await this.#race('gate', this.dialect.screen.unknownGate, timeoutMs);
    return r === null ? null : r.text;
  }

  answerUnknownGate(confirm: boolean): void {
    this.send(confirm ? this.dialect.answers.confirmUnknown : this.dialect.answers.declineUnknown);
  }

  interrupt(): void {
    this.#signal('SIGINT');
  }

  end(kind: EndKind): void {
    if (kind === 'eof') this.proc.stdin.end();
    else if (kind === 'quit') {
      if (this.dialect.answers.quit === undefined) throw new HarnessError('SCRIPT', 'this host has no quit command (profile answers.quit)');
      this.send(this.dialect.answers.quit);
    } else this.#signal(kind);
  }

  kill(graceMs?: number) {
    return stopGroup(this.proc, graceMs);
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

  #write(text: string): void {
    if (!this.proc.stdin.writableEnded && !this.proc.stdin.destroyed) this.proc.stdin.write(text);
  }

  #signal(signal: NodeJS.Signals): void {
    try {
      // The host process only, as a terminal would for a program that owns its children.
      process.kill(this.pid, signal);
    } catch {
      // already gone
    }
  }
}
