// A HostSession over `codex app-server`: the scripted user's lines become turns, Codex's
// approval requests wait for the user's answer (APPROVE-*), and every event is written to a
// transcript screen (codex-transcript.ts) that scenarios read like a terminal host's.
import { HarnessError } from '../../errors.js';
import type { OutputTap } from '../../sandbox/canary-stream.js';
import type { EndKind } from '../../scenario/scenario-schema.js';
import type { ExitStatus } from '../../supervision/process-group.js';
import { HostRefused, UndrivableStep, type Answer, type ApprovalShown, type HostSession } from '../host-adapter.js';
import { shownAsTranscript } from '../host-screen.js';
import { ScreenCapture, textBeforePrompt, type ScreenPattern } from '../screen-capture.js';
import type { CodexAppServer, CodexAppServerOptions } from './app-server-client.js';
import type { ApprovalAction, CodexEvent, McpToolApproval, StartupState } from './app-server-messages.js';
import { APPROVAL, PROMPT, PROMPT_LINE, approvalText, line, statusLine, toolCallLine } from './codex-transcript.js';
import { JsonRpcError } from './json-rpc-lines.js';

interface PendingApproval {
  shown: ApprovalShown;
  resolve(action: ApprovalAction): void;
  answered: boolean;
}

const SETTLED: readonly StartupState[] = ['ready', 'failed', 'cancelled'];

export class CodexSession implements HostSession {
  readonly #screen: ScreenCapture;
  #app: CodexAppServer | null = null;
  #threadId: string | null = null;
  #activeTurn: string | null = null;
  readonly #approvals: PendingApproval[] = [];
  #shownApprovals = 0;
  readonly #settled = new Set<string>();
  #firstPromptShown = false;

  constructor(
    private readonly servers: readonly string[],
    tap?: OutputTap,
  ) {
    this.#screen = new ScreenCapture(undefined, tap);
  }

  /** The callbacks to give CodexAppServer.start. */
  hooks(): Pick<CodexAppServerOptions, 'onEvent' | 'onStderr' | 'onApproval' | 'onElicitation'> {
    return {
      onEvent: (event) => this.#render(event),
      onStderr: (chunk) => this.#screen.append('stderr', chunk),
      onApproval: (approval) => this.#ask(approval),
      onElicitation: (form) =>
        this.#screen.append('stdout', line(`elicitation from mcp server ${JSON.stringify(form.serverName)}`, form.message) + line('answer', 'decline')),
    };
  }

  /** Attaches the running app-server and opens (or resumes) the thread; server start-up begins. */
  async begin(app: CodexAppServer, cwd: string, resume: boolean): Promise<void> {
    this.#app = app;
    void app.exited.then(() => setImmediate(() => this.#screen.close()));
    const resumed = resume
      ? await app.resumeLatestThread(cwd).catch((error: unknown) => {
          // Codex's own refusal (e.g. a thread still held by the writer a crash left): the host's answer, not the suite's fault.
          if (error instanceof JsonRpcError) throw new HostRefused(`Codex refused to resume the last session: ${error.message}`);
          throw error;
        })
      : null;
    this.#threadId = resumed ?? (await app.startThread(cwd));
    this.#maybeFirstPrompt();
  }

  get pid(): number {
    return this.#running().pid;
  }
  get exited(): Promise<ExitStatus> {
    return this.#running().exited;
  }
  hasExited(): boolean {
    return this.#running().hasExited();
  }
  screen() {
    return shownAsTranscript(this.#screen.text());
  }

  startupText(): string {
    // What the user saw before the first prompt: the transcript, not the agent's stderr log.
    return textBeforePrompt(this.#screen.text().stdout, PROMPT);
  }

  async waitFor(pattern: RegExp, timeoutMs: number): Promise<string | null> {
    const r = await this.#screen.waitFor([{ name: 'wanted', pattern }], timeoutMs);
    return r.kind === 'match' ? r.text : null;
  }

  async waitForPrompt(timeoutMs: number): Promise<boolean> {
    return (await this.waitFor(PROMPT, timeoutMs)) !== null;
  }

  send(text: string): void {
    const app = this.#running();
    const threadId = this.#threadId;
    if (threadId === null) throw new HarnessError('SCRIPT', 'Codex has no thread yet: wait for the prompt before sending');
    this.#screen.append('stdout', line('user', text));
    app.startTurn(threadId, text).then(
      (turnId) => (this.#activeTurn = turnId),
      (error: unknown) => this.#screen.append('stdout', line('error', `turn/start failed: ${(error as Error).message}`) + PROMPT_LINE + '\n'),
    );
  }

  async waitForApproval(timeoutMs: number): Promise<ApprovalShown | null> {
    const r = await this.#race('approval', APPROVAL, timeoutMs);
    if (r === null) return null;
    // Approvals are rendered in arrival order, so the n-th question is the n-th request.
    return this.#approvals[this.#shownApprovals++]?.shown ?? null;
  }

  answer(answer: Answer): void {
    // app-server's approval takes accept/decline/cancel; a typed line is a client UI's business.
    if (typeof answer === 'object')
      throw new UndrivableStep(`app-server approvals take accept or decline, not the typed answer ${JSON.stringify(answer.text)}`);
    // Closing app-server's input ends the protocol, not the one answer a terminal user gives.
    if (answer === 'eof') throw new UndrivableStep('app-server has no end of input at an approval: closing its stdin ends the whole session');
    const pending = this.#approvals.find((a) => !a.answered);
    if (pending === undefined) throw new HarnessError('SCRIPT', 'no Codex approval request is waiting for an answer');
    const action: ApprovalAction = answer === 'approve' ? 'accept' : answer === 'deny' ? 'decline' : 'cancel';
    this.#screen.append('stdout', line('answer', action));
    pending.answered = true;
    pending.resolve(action);
  }

  interrupt(): void {
    const [app, threadId, turnId] = [this.#running(), this.#threadId, this.#activeTurn];
    if (threadId === null || turnId === null) return;
    app
      .interruptTurn(threadId, turnId)
      .catch((error: unknown) => this.#screen.append('stdout', line('error', `turn/interrupt failed: ${(error as Error).message}`)));
  }

  end(kind: EndKind): void {
    if (kind === 'eof') this.#running().endInput();
    else if (kind === 'quit') throw new UndrivableStep('Codex app-server has no quit command');
    else this.#running().signal(kind);
  }

  kill(graceMs?: number): Promise<ExitStatus> {
    return this.#running().kill(graceMs);
  }

  #running(): CodexAppServer {
    if (this.#app === null) throw new HarnessError('HOST_START', 'Codex app-server is not running');
    return this.#app;
  }

  #ask(approval: McpToolApproval): Promise<ApprovalAction> {
    return new Promise((resolve) => {
      const text = approvalText(approval);
      const fields: ApprovalShown['fields'] = { server: approval.serverName, arguments: JSON.stringify(approval.toolParams ?? null) };
      if (approval.toolName !== null) fields.tool = approval.toolName;
      this.#approvals.push({ shown: { text, fields }, resolve, answered: false });
      this.#screen.append('stdout', text);
    });
  }

  #render(event: CodexEvent): void {
    if (event.kind === 'unreadable') this.#screen.append('stdout', line('unreadable protocol line', event.line));
    if (event.kind !== 'notification') return;
    const p = event.params as Record<string, unknown> | undefined;
    switch (event.method) {
      case 'mcpServer/startupStatus/updated': {
        const [name, status] = [String(p?.['name']), String(p?.['status'])];
        if (!SETTLED.includes(status as StartupState)) return;
        this.#settled.add(name);
        this.#screen.append('stdout', statusLine(name, status, typeof p?.['error'] === 'string' ? p['error'] : null));
        this.#maybeFirstPrompt();
        return;
      }
      case 'item/completed': {
        const item = p?.['item'] as Record<string, unknown> | undefined;
        if (item?.['type'] === 'agentMessage') this.#screen.append('stdout', line('assistant', String(item['text'])));
        const call = this.#app?.toolCalls().find((c) => c.id === item?.['id']);
        if (item?.['type'] === 'mcpToolCall' && call !== undefined) this.#screen.append('stdout', toolCallLine(call));
        return;
      }
      case 'error':
        this.#screen.append('stdout', line('error', JSON.stringify(p?.['error'] ?? null)));
        return;
      case 'turn/completed': {
        const turn = p?.['turn'] as { status?: unknown; error?: { message?: unknown } | null } | undefined;
        this.#activeTurn = null;
        const error = typeof turn?.error?.message === 'string' ? `: ${turn.error.message}` : '';
        this.#screen.append('stdout', line('turn', `${String(turn?.status)}${error}`) + PROMPT_LINE + '\n');
        return;
      }
    }
  }

  /** The first prompt appears once every configured server has settled (DISCOVER-3 order). */
  #maybeFirstPrompt(): void {
    if (this.#firstPromptShown || this.#threadId === null || !this.servers.every((s) => this.#settled.has(s))) return;
    this.#firstPromptShown = true;
    this.#screen.append('stdout', PROMPT_LINE + '\n');
  }

  async #race(name: string, pattern: RegExp, timeoutMs: number) {
    const patterns: ScreenPattern[] = [
      { name, pattern },
      { name: 'prompt', pattern: PROMPT, consume: false },
    ];
    const r = await this.#screen.waitFor(patterns, timeoutMs);
    return r.kind === 'match' && r.name === name ? r : null;
  }
}
