// A HostSession over an ACP agent (APPROVE-*, RESULT-*, STDIO-5): each scripted user line is
// a session/prompt; a session/request_permission waits for the scripted user's answer, chosen
// among the offered options by kind; interrupt is session/cancel, and a permission still
// pending is then answered `cancelled` as the protocol requires. Everything is written to the
// transcript screen (acp-transcript.ts) that scenarios read like a terminal host's.
import type { McpServer, RequestPermissionRequest, RequestPermissionResponse, SessionNotification } from '@agentclientprotocol/sdk';
import { HarnessError } from '../../errors.js';
import type { OutputTap } from '../../sandbox/canary-stream.js';
import type { EndKind } from '../../scenario/scenario-schema.js';
import type { ExitStatus } from '../../supervision/process-group.js';
import { HostRefused, UndrivableStep, type Answer, type ApprovalShown, type HostSession } from '../host-adapter.js';
import { shownAsTranscript } from '../host-screen.js';
import { ScreenCapture, textBeforePrompt, type ScreenPattern } from '../screen-capture.js';
import { AgentError, type AcpClient, type AcpClientHooks } from './acp-client.js';
import type { AcpProfile, PermissionChoice } from './acp-profile.js';
import { APPROVAL, PROMPT, PROMPT_LINE, line, permissionText, shownInput, toolCallLine, toolContentText, type AnnouncedCall } from './acp-transcript.js';

/**
 * How long start() waits for session/new (or session/load) before handing the session over
 * still opening: long enough for a refusal to be reported as one, short enough that the
 * scripted user's own start-up deadline for the first prompt is what a slow agent meets.
 */
const OPEN_WAIT_MS = 5_000;

interface PendingPermission {
  request: RequestPermissionRequest;
  shown: ApprovalShown;
  resolve(response: RequestPermissionResponse): void;
  answered: boolean;
}

/** The option of the first listed kind or name the agent offers; null when it offers none of them. */
export function chooseOption(request: Pick<RequestPermissionRequest, 'options'>, choices: readonly PermissionChoice[]): string | null {
  for (const choice of choices) {
    const option = request.options.find((o) => (typeof choice === 'string' ? o.kind === choice : choice.name.test(o.name)));
    if (option !== undefined) return option.optionId;
  }
  return null;
}

/** A choice as a message shows it. */
const choiceText = (choice: PermissionChoice): string => (typeof choice === 'string' ? choice : `name ${choice.name.source}`);

export interface BeginOptions {
  cwd: string;
  mcpServers: McpServer[];
  /** Servers the client holds back: their transport is one the agent says it lacks (acp-config.ts). */
  held?: readonly { name: string; transport: string }[];
  /** The session to load (resume), when the agent can load sessions. */
  loadSessionId: string | null;
  /** Waited for before the first prompt (the profile's `ready`): a host's background server start-up. */
  ready?: () => Promise<void>;
}

export class AcpSession implements HostSession {
  readonly #screen: ScreenCapture;
  #client: AcpClient | null = null;
  #sessionId: string | null = null;
  /** session/new (or session/load) until the agent answers it: a line sent meanwhile waits for it. */
  #opening: Promise<void> | null = null;
  #turnActive = false;
  readonly #pending: PendingPermission[] = [];
  #shownApprovals = 0;
  /** Agent message chunks of the current message, joined before they are shown. */
  #message = '';
  readonly #announced = new Map<string, AnnouncedCall>();
  readonly #statuses = new Map<string, string>();
  /** The content last shown for each tool call (a client shows what it now carries). */
  readonly #contents = new Map<string, string>();

  constructor(
    private readonly profile: AcpProfile,
    tap?: OutputTap,
  ) {
    this.#screen = new ScreenCapture(undefined, tap);
  }

  hooks(): AcpClientHooks {
    return {
      onPermission: (request, signal) => this.#ask(request, signal),
      onUpdate: (notification) => this.#render(notification),
      onUnknownRequest: (method) => this.#screen.append('stdout', line('unsupported agent request', `${method} (answered -32601)`)),
      onStderr: (chunk) => this.#screen.append('stderr', chunk),
    };
  }

  get sessionId(): string | null {
    return this.#sessionId;
  }

  /**
   * Opens (or loads) the session, sets the profile's mode, then shows the first prompt. An agent
   * may hold session/new until every server's discovery ends (Gemini CLI waits out a server that
   * never answers): after OPEN_WAIT_MS the session is handed over still opening, and the prompt
   * appears when the agent answers, so the scripted user's deadline for it decides (DISCOVER-2),
   * not the client's.
   */
  async begin(acp: AcpClient, options: BeginOptions): Promise<void> {
    this.#client = acp;
    void acp.exited.then(() => setImmediate(() => this.#screen.close()));
    const opened = this.#open(acp, options);
    this.#opening = opened;
    let timer: NodeJS.Timeout | undefined;
    const later = new Promise<'later'>((resolve) => (timer = setTimeout(() => resolve('later'), OPEN_WAIT_MS)));
    const first = await Promise.race([opened.then(() => 'open' as const), later]).finally(() => clearTimeout(timer));
    if (first === 'later') opened.catch((error: unknown) => this.#screen.append('stdout', line('session', `not opened: ${(error as Error).message}`)));
  }

  async #open(acp: AcpClient, options: BeginOptions): Promise<void> {
    const refused = (what: string) => (error: unknown) => {
      if (error instanceof AgentError) throw new HostRefused(`the agent refused ${what}: ${error.message}`);
      // Only the open's deadline raises HOST_START here: an agent that never opens the session is the host's doing.
      if (error instanceof HarnessError && error.code === 'HOST_START') throw new HostRefused(`the agent did not open the session: ${error.message}`);
      throw error;
    };
    for (const { name, transport } of options.held ?? [])
      this.#screen.append('stdout', line('mcp server', `${JSON.stringify(name)} not passed: the agent does not support ${transport} servers`));
    // No request deadline: begin() bounds the wait, the agent's exit ends it.
    if (options.loadSessionId !== null) {
      await acp
        .request('session/load', { sessionId: options.loadSessionId, cwd: options.cwd, mcpServers: options.mcpServers }, null)
        .catch(refused('session/load'));
      this.#sessionId = options.loadSessionId;
    } else {
      const created = (await acp.request('session/new', { cwd: options.cwd, mcpServers: options.mcpServers }, null).catch(refused('session/new'))) as {
        sessionId: string;
      };
      this.#sessionId = created.sessionId;
    }
    if (this.profile.mode !== undefined)
      await acp.request('session/set_mode', { sessionId: this.#sessionId, modeId: this.profile.mode }).catch(refused(`mode ${this.profile.mode}`));
    await options.ready?.();
    this.#flushMessage();
    // A line the user sent while the session opened starts its turn now: the prompt shows when that turn ends, not before.
    if (!this.#turnActive) this.#screen.append('stdout', PROMPT_LINE + '\n');
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
    const acp = this.#running();
    if (this.#opening === null) throw new HarnessError('SCRIPT', 'the ACP session was never opened: start it before sending');
    this.#screen.append('stdout', line('user', text));
    this.#turnActive = true;
    // An agent may ask its user something while session/new is still open (pi shows a server's
    // early elicitation then): what the user types meanwhile is held, as an editor's input box
    // holds it, and sent once the session is open. A session that never opens takes nothing.
    if (this.#sessionId === null)
      return void this.#opening.then(
        () => this.#prompt(acp, text),
        () => (this.#turnActive = false),
      );
    this.#prompt(acp, text);
  }

  #prompt(acp: AcpClient, text: string): void {
    // A turn lasts as long as the agent works: no request deadline (the scripted user's waits have theirs).
    acp.request('session/prompt', { sessionId: this.#sessionId, prompt: [{ type: 'text', text }] }, null).then(
      (result) => this.#endTurn(String((result as { stopReason?: unknown }).stopReason)),
      (error: unknown) => this.#endTurn(`error: ${(error as Error).message}`),
    );
  }

  async waitForApproval(timeoutMs: number): Promise<ApprovalShown | null> {
    const patterns: ScreenPattern[] = [
      { name: 'approval', pattern: APPROVAL },
      { name: 'prompt', pattern: PROMPT, consume: false },
    ];
    const r = await this.#screen.waitFor(patterns, timeoutMs);
    if (r.kind !== 'match' || r.name !== 'approval') return null;
    // Requests are rendered in arrival order, so the n-th question is the n-th request.
    return this.#pending[this.#shownApprovals++]?.shown ?? null;
  }

  answer(answer: Answer): void {
    // ACP carries a chosen option or "cancelled": what an empty or typed answer means is the client's UI, not the agent's.
    if (typeof answer === 'object')
      throw new UndrivableStep(`ACP permission requests take one of the offered options, not the typed answer ${JSON.stringify(answer.text)}`);
    if (answer === 'empty')
      throw new UndrivableStep("ACP permission requests take one of the offered options: an empty answer is the client UI's to interpret");
    if (answer === 'eof') throw new UndrivableStep('ACP has no end of input at a permission request: closing stdin ends the whole connection');
    const pending = this.#pending.find((p) => !p.answered);
    if (pending === undefined) throw new HarnessError('SCRIPT', 'no ACP permission request is waiting for an answer');
    const choices = answer === 'approve' ? this.profile.permission.approve : this.profile.permission.deny;
    const optionId = chooseOption(pending.request, choices);
    if (optionId === null)
      throw new UndrivableStep(
        `the agent offered no option of ${choices.map(choiceText).join(' or ')} (offered: ${pending.request.options.map((o) => `${o.kind} "${o.name}"`).join(', ')})`,
      );
    const chosen = choices.find((c) => chooseOption({ options: pending.request.options.filter((o) => o.optionId === optionId) }, [c]) !== null);
    this.#settle(pending, { outcome: { outcome: 'selected', optionId } }, `${chosen === undefined ? '?' : choiceText(chosen)} (${optionId})`);
  }

  interrupt(): void {
    const acp = this.#running();
    if (this.#sessionId === null || !this.#turnActive) return;
    acp.notify('session/cancel', { sessionId: this.#sessionId });
    // The protocol: after session/cancel the client answers every pending permission request `cancelled`.
    for (const pending of this.#pending.filter((p) => !p.answered)) this.#settle(pending, { outcome: { outcome: 'cancelled' } }, 'cancelled');
  }

  end(kind: EndKind): void {
    const acp = this.#running();
    if (kind === 'quit') throw new UndrivableStep('ACP has no quit command');
    if (kind !== 'eof') return acp.signal(kind);
    acp.endInput();
    // A client that closes the connection of an agent that ignores end of input stops it, as an editor does.
    if (this.profile.end === 'sigterm') acp.signal('SIGTERM');
  }

  kill(graceMs?: number): Promise<ExitStatus> {
    return this.#running().kill(graceMs);
  }

  #running(): AcpClient {
    if (this.#client === null) throw new HarnessError('HOST_START', 'the ACP agent is not running');
    return this.#client;
  }

  #ask(request: RequestPermissionRequest, signal: AbortSignal): Promise<RequestPermissionResponse> {
    this.#flushMessage();
    return new Promise((resolve) => {
      const announced = this.#announced.get(request.toolCall.toolCallId);
      const text = permissionText(request, announced);
      // The title is the agent's wording ("Approve MCP tool call"), not a tool name: checks read the tool from the text.
      const fields: ApprovalShown['fields'] = { arguments: JSON.stringify(shownInput(request, announced)) };
      const pending: PendingPermission = { request, shown: { text, fields }, resolve, answered: false };
      this.#pending.push(pending);
      // The agent withdrew its request ($/cancel_request) or the connection closed: it is over, answered `cancelled`.
      signal.addEventListener(
        'abort',
        () => this.#settle(pending, { outcome: { outcome: 'cancelled' } }, 'cancelled (the request ended: withdrawn by the agent or the connection closed)'),
        { once: true },
      );
      this.#screen.append('stdout', text);
    });
  }

  #settle(pending: PendingPermission, response: RequestPermissionResponse, shown: string): void {
    if (pending.answered) return;
    pending.answered = true;
    this.#screen.append('stdout', line('answer', shown));
    pending.resolve(response);
  }

  #render({ update }: SessionNotification): void {
    if (update.sessionUpdate === 'agent_message_chunk') {
      if (update.content.type === 'text') this.#message += update.content.text;
      return;
    }
    this.#flushMessage();
    if (update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update') {
      const known = this.#announced.get(update.toolCallId) ?? {};
      this.#announced.set(update.toolCallId, {
        ...known,
        ...(typeof update.title === 'string' ? { title: update.title } : {}),
        ...(update.rawInput === undefined || update.rawInput === null ? {} : { rawInput: update.rawInput }),
      });
      const status = update.status ?? (update.sessionUpdate === 'tool_call' ? 'pending' : undefined);
      // An update that changes nothing a user sees adds no line: a status once, content when it changed.
      if (status !== undefined && status !== null && this.#statuses.get(update.toolCallId) !== status) {
        this.#statuses.set(update.toolCallId, status);
        this.#screen.append('stdout', toolCallLine({ ...update, status }, this.#announced.get(update.toolCallId)?.title));
      }
      const content = update.content == null || update.content.length === 0 ? undefined : toolContentText(update.content);
      if (content !== undefined && this.#contents.get(update.toolCallId) !== content) {
        this.#contents.set(update.toolCallId, content);
        this.#screen.append('stdout', line('  output', content));
      }
    }
  }

  #flushMessage(): void {
    if (this.#message === '') return;
    this.#screen.append('stdout', line('assistant', this.#message));
    this.#message = '';
  }

  #endTurn(stopReason: string): void {
    this.#turnActive = false;
    this.#flushMessage();
    this.#screen.append('stdout', line('turn', stopReason) + PROMPT_LINE + '\n');
  }
}
