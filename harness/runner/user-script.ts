// The scripted user: drives a host through the scenario's steps with a deadline on every
// wait. A step that cannot happen (no approval request, no prompt) stops the script and is
// recorded; checks then grade what was observed ("not reached: ..."), never an exception.
import { statSync } from 'node:fs';
import { HostRefused, UndrivableStep, type HostAdapter, type HostSession, type StartOptions } from '../adapters/host-adapter.js';
import { monotonicMs } from '../../fake-servers/mcp/journal.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { pollUntil } from '../supervision/poll.js';
import type { ApprovalSeen, CommandSeen, ExitSeen, FileIdentity, ScriptOutcome } from '../scenario/observations.js';
import { USER_STEP_KINDS, type UserStep, type UserStepKind } from '../scenario/scenario-schema.js';
import type { RunningServer } from './fixtures.js';

export interface ScriptTiming {
  /** Default deadline for one step's wait (ms). */
  stepMs: number;
  /** Deadline for a freshly started host's first prompt (start-up includes loading the program). */
  startMs: number;
  /** How long a host may take to exit after being told to (ms) before its group is killed. */
  exitMs: number;
}

export interface ScriptRun {
  sessions: HostSession[];
  /** Each session's start: how many model requests had arrived, and when (monotonic ms). */
  sessionStarts: { request: number; mono: number }[];
  approvals: ApprovalSeen[];
  unknownGates: string[];
  commands: CommandSeen[];
  exits: ExitSeen[];
  outcome: ScriptOutcome;
}

interface Ctx {
  adapter: HostAdapter;
  sandbox: Sandbox;
  start: StartOptions;
  servers: Record<string, RunningServer>;
  /** How many requests the model has received so far. */
  modelRequests: () => number;
  /** Servers the host's configuration holds now (add and unconfigure steps change it). */
  configured: Set<string>;
  timing: ScriptTiming;
  run: ScriptRun;
  /** Sessions past their first wait (start-up deadline used once per session). */
  promptSeen: Set<HostSession>;
}

class StepFailed extends Error {}

/** A step the host lacks the means for although it is not a breach (the host's protocol cannot express it). */
class StepUndrivable extends Error {}

function stepName(step: UserStep): string {
  return Object.entries(step)
    .filter(([k]) => k !== 'within')
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join(', ');
}

/** Waits for the session to exit; kills its group when it does not within the deadline. */
export async function awaitExit(session: HostSession, exitMs: number): Promise<ExitSeen> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), exitMs);
  });
  const first = await Promise.race([session.exited, late]).finally(() => clearTimeout(timer));
  if (first !== 'late') return { ...first, killedByHarness: false };
  return { ...(await session.kill()), killedByHarness: true };
}

/** `add` and `list`: the host's own commands, run beside (or between) chat sessions. */
/** The host's configuration files that exist now, as the kernel knows them (CONFIG-3). */
function configIdentities(ctx: Ctx): FileIdentity[] {
  return ctx.adapter.config.files(ctx.sandbox).flatMap((path) => {
    try {
      const stat = statSync(path);
      return [{ path: ctx.sandbox.displayPath(path) ?? path, inode: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs }];
    } catch {
      return [];
    }
  });
}

async function runCommand(step: Extract<UserStep, { add: string } | { list: true }>, ctx: Ctx): Promise<void> {
  const { adapter, sandbox } = ctx;
  const commands = adapter.capabilities.commands;
  const before = configIdentities(ctx);
  let done;
  if ('add' in step) {
    const server = ctx.servers[step.add];
    if (server === undefined) throw new StepFailed(`no server named ${step.add} in this scenario`);
    // A host without the command skips the step; the checks that need it are UNSUPPORTED by their `needs`.
    if (commands?.add === undefined) return;
    try {
      done = await commands.add(sandbox, step.add, server.entry, { piped: step.piped === true });
      if (done.exit.code === 0) ctx.configured.add(step.add);
    } catch (error) {
      throw new StepUndrivable(`host ${adapter.name} cannot add this server with its own command: ${(error as Error).message}`);
    }
  } else {
    if (commands?.list === undefined) return;
    done = await commands.list(sandbox);
  }
  ctx.run.commands.push({
    command: 'add' in step ? 'add' : 'list',
    server: 'add' in step ? step.add : null,
    exit: { code: done.exit.code, signal: done.exit.signal },
    screen: done.screen,
    argv: done.argv,
    endedMono: monotonicMs(),
    config: { before, after: configIdentities(ctx) },
  });
}

/** Removes `name` with the host's own command when it has one, else as a user editing the file would. */
async function unconfigure(name: string, ctx: Ctx): Promise<void> {
  const remove = ctx.adapter.capabilities.commands?.remove;
  if (remove !== undefined) {
    const done = await remove(ctx.sandbox, name);
    if (done.exit.code !== 0) throw new StepFailed(`the host's remove command for ${name} exited ${done.exit.code ?? done.exit.signal}`);
    return;
  }
  const kept = Object.entries(ctx.servers).filter(([n]) => n !== name && ctx.configured.has(n));
  ctx.configured.delete(name);
  ctx.adapter.config.write(ctx.sandbox, Object.fromEntries(kept.map(([n, s]) => [n, s.entry])));
}

/**
 * The prompt did not come: when an approval request stands there instead, it is recorded
 * (unanswered) before the step fails, so a question the host should not have asked counts.
 */
async function noPrompt(session: HostSession, ctx: Ctx, why: string): Promise<never> {
  const stray = await session.waitForApproval(0);
  if (stray !== null) {
    const at = monotonicMs();
    ctx.run.approvals.push({ ...stray, answer: 'unanswered', shownAt: at, answeredAt: at });
    throw new StepFailed('an approval request stood where the prompt was expected');
  }
  throw new StepFailed(why);
}

/** What a step's handler is given: the deadline of its wait, and the last host session (absent before the first start). */
interface StepTurn {
  ctx: Ctx;
  within: number;
  session: HostSession | undefined;
}
type StepOf<K extends UserStepKind> = Extract<UserStep, Record<K, unknown>>;

/** The session a step acts on: a step that waits on the host needs one. */
function hostSession(turn: StepTurn): HostSession {
  if (turn.session === undefined) throw new StepFailed('no host session');
  return turn.session;
}

/** A server prompt asked for, or the prompts listed, with the host's own command (PROMPT-1). */
async function promptCommand(step: StepOf<'prompt'> | StepOf<'listPrompts'>, turn: StepTurn): Promise<void> {
  const session = hostSession(turn);
  const prompts = turn.ctx.adapter.capabilities.prompts;
  const line = 'prompt' in step ? prompts?.line(step.prompt.server, step.prompt.name, step.prompt.arguments ?? {}) : prompts?.listLine;
  // A host without prompt commands cannot be driven here: what this blocks is UNSUPPORTED, not charged.
  if (line === undefined) throw new StepUndrivable(`host ${turn.ctx.adapter.name} has no command for server prompts`);
  if (!(await session.waitForPrompt(turn.within))) throw new StepFailed(`no prompt within ${turn.within} ms`);
  session.send(line);
}

/** How many `method` requests (JSON-RPC, or HTTP when uppercase) a server has received, counted as the step says. */
function receivedCount(step: StepOf<'received'>, running: RunningServer): number {
  const { method, after, afterFault, answered } = step.received;
  const entries = running.journal();
  const from =
    afterFault === true
      ? entries.findIndex((e) => e.kind === 'fault')
      : after === undefined
        ? 0
        : entries.findIndex((e) => e.kind === 'jsonrpc-out' && e.message.method === after);
  if (from < 0) return 0;
  const since = entries.slice(from);
  // An uppercase method is an HTTP request's (GET: an event stream opened), else a JSON-RPC request's.
  if (/^[A-Z]+$/.test(method)) return since.filter((e) => e.kind === 'http-request' && e.method === method).length;
  const answeredIds = new Set(since.flatMap((e) => (e.kind === 'jsonrpc-out' && !('method' in e.message) ? [e.message.id] : [])));
  return since.filter((e) => e.kind === 'jsonrpc-in' && e.message.method === method && (answered !== true || answeredIds.has(e.message.id))).length;
}

/** One handler per step kind (the scenario schema's USER_STEPS): a kind without one is a type error. */
const STEP_HANDLERS: { [K in UserStepKind]: (step: StepOf<K>, turn: StepTurn) => Promise<void> } = {
  add: (step, { ctx }) => runCommand(step, ctx),
  list: (step, { ctx }) => runCommand(step, ctx),
  async restart(step, { ctx, session }) {
    if (session !== undefined && !session.hasExited()) throw new StepFailed('the previous host session is still running (end it first)');
    ctx.run.sessionStarts.push({ request: ctx.modelRequests(), mono: monotonicMs() });
    // endedAtPrompt and exitedBeforeEnd speak of the last session only.
    delete ctx.run.outcome.endedAtPrompt;
    delete ctx.run.outcome.exitedBeforeEnd;
    try {
      ctx.run.sessions.push(await ctx.adapter.start(ctx.sandbox, { ...ctx.start, resume: step.restart.resume }));
    } catch (error) {
      if (error instanceof HostRefused) throw new StepFailed(error.message);
      throw error;
    }
  },
  async serverDown(step, { ctx }) {
    const running = ctx.servers[step.serverDown];
    if (running?.takeDown === undefined) throw new StepFailed(`server ${step.serverDown} cannot be taken offline (only HTTP fakes can)`);
    await running.takeDown();
  },
  unconfigure: (step, { ctx }) => unconfigure(step.unconfigure, ctx),
  async send(step, turn) {
    const session = hostSession(turn);
    if (!(await session.waitForPrompt(turn.within))) await noPrompt(session, turn.ctx, `no prompt within ${turn.within} ms`);
    session.send(step.send);
  },
  async approval(step, turn) {
    const session = hostSession(turn);
    const shown = await session.waitForApproval(turn.within);
    if (shown === null && step.optional === true) return;
    if (shown === null) throw new StepFailed(`no approval request (the host went on, exited, or ${turn.within} ms passed)`);
    const shownAt = monotonicMs();
    // Recorded before answering: a request the host showed counts even when its protocol cannot take this answer.
    const seen = { ...shown, answer: step.approval, shownAt, answeredAt: shownAt };
    turn.ctx.run.approvals.push(seen);
    // A slow user: a deadline on the host going on without an answer, which it must not do.
    if (step.thinkMs !== undefined) await session.waitForPrompt(step.thinkMs);
    try {
      session.answer(step.approval);
    } catch (error) {
      if (error instanceof UndrivableStep) throw new StepUndrivable(error.message);
      throw error;
    }
    seen.answeredAt = monotonicMs();
  },
  async unknownGate(step, turn) {
    const session = hostSession(turn);
    // A host without the confirmation is not stopped here: what it sends next is what UNKNOWN-2 grades.
    if (session.unknownGate === undefined) return;
    const gate = await session.unknownGate.wait(turn.within);
    if (gate === null) throw new StepFailed('no unknown-outcome confirmation before the prompt');
    turn.ctx.run.unknownGates.push(gate);
    session.unknownGate.answer(step.unknownGate);
  },
  async waitFor(step, turn) {
    if ((await hostSession(turn).waitFor(new RegExp(step.waitFor, 'm'), turn.within)) === null) throw new StepFailed(`screen never showed /${step.waitFor}/`);
  },
  prompt: promptCommand,
  listPrompts: promptCommand,
  async received(step, turn) {
    hostSession(turn);
    const { server, method, count, after, afterFault } = step.received;
    const running = turn.ctx.servers[server];
    if (running === undefined) throw new StepFailed(`no server named ${server} in this scenario`);
    const since = afterFault === true ? ' after its fault' : after === undefined ? '' : ` after it sent ${after}`;
    if (!(await pollUntil(() => receivedCount(step, running) >= count, turn.within)) && step.optional !== true)
      throw new StepFailed(`server ${server} received ${receivedCount(step, running)} ${method}${since} within ${turn.within} ms, expected ${count}`);
  },
  answerAsk: (step, turn) => answerAsk(step.answerAsk, hostSession(turn), turn.ctx, turn.within),
  async interrupt(_step, turn) {
    hostSession(turn).interrupt();
  },
  async end(step, turn) {
    const session = hostSession(turn);
    const { ctx, within } = turn;
    if (step.end === 'quit' && !ctx.adapter.capabilities.quit) throw new StepUndrivable('the host has no quit command');
    if (step.now !== true) {
      if (await session.waitForPrompt(within)) ctx.run.outcome.endedAtPrompt = true;
      else if (session.hasExited()) {
        // Gone by itself (its input closed at an approval, or a crash): nothing left to end.
        ctx.run.outcome.exitedBeforeEnd = true;
        ctx.run.exits.push(await awaitExit(session, ctx.timing.exitMs));
        return;
      } else await noPrompt(session, ctx, `no prompt within ${within} ms before ending`);
    }
    session.end(step.end);
    // A step's own deadline covers the exit too (a host with much left to write before it goes).
    ctx.run.exits.push(await awaitExit(session, Math.max(ctx.timing.exitMs, step.within ?? 0)));
  },
};

/** The kind of a parsed step: the one USER_STEPS key it has. */
function kindOf(step: UserStep): UserStepKind {
  const kind = USER_STEP_KINDS.find((k) => k in step);
  if (kind === undefined) throw new StepFailed(`a step of no known kind: ${stepName(step)}`);
  return kind;
}

async function runStep(step: UserStep, ctx: Ctx): Promise<void> {
  const session = ctx.run.sessions.at(-1);
  const firstWait = session !== undefined && !ctx.promptSeen.has(session);
  // A step's own deadline never undercuts the runner's, which follows the deadlines in force;
  // except an optional wait's: the chance it gives a host is its own length, not a wait for work.
  const base = firstWait ? Math.max(ctx.timing.stepMs, ctx.timing.startMs) : ctx.timing.stepMs;
  const chance = 'optional' in step && step.optional === true ? step.within : undefined;
  const within = chance ?? Math.max(('within' in step ? step.within : undefined) ?? 0, base);
  if (session !== undefined) ctx.promptSeen.add(session);
  const handler = STEP_HANDLERS[kindOf(step)] as (step: UserStep, turn: StepTurn) => Promise<void>;
  await handler(step, { ctx, within, session });
}

const ASK_POLL_MS = 50;

/** ASK-1: the user answers what a server asks once the screen shows it (see the answerAsk step). */
async function answerAsk(
  ask: { server: string; shows: string; occurrence?: number | undefined; type: readonly string[] },
  session: HostSession,
  ctx: Ctx,
  within: number,
): Promise<void> {
  const running = ctx.servers[ask.server];
  if (running === undefined) throw new StepFailed(`no server named ${ask.server} in this scenario`);
  // The call is over once the server answered a tools/call after this step began (then nothing
  // waits for the user). By the journal's own clock: an earlier call's answer whose entry
  // arrives late (a stdio server's journal comes over a socket) was still written before.
  const began = monotonicMs();
  const callAnswered = (): boolean => {
    const entries = running.journal();
    const calls = new Set(entries.flatMap((e) => (e.kind === 'jsonrpc-in' && e.message.method === 'tools/call' ? [JSON.stringify(e.message.id)] : [])));
    // A 2026-07-28 input_required answer is the ask itself, not the end of the call.
    const final = (result: unknown): boolean => (result as { resultType?: unknown } | undefined)?.resultType !== 'input_required';
    return entries.some(
      (e) => e.kind === 'jsonrpc-out' && e.mono > began && e.message.method === undefined && calls.has(JSON.stringify(e.message.id)) && final(e.message.result),
    );
  };
  // The host may also answer the ask itself (decline what it does not offer): then nothing waits
  // for the user. An ask the server sends while it is being listed has no call to end.
  const askAnswered = (): boolean => {
    const entries = running.journal();
    const asks = entries.flatMap((e) =>
      e.kind === 'jsonrpc-out' &&
      e.message.method !== undefined &&
      e.message.id !== undefined &&
      JSON.stringify(e.message.params ?? {}).includes(JSON.stringify(ask.shows).slice(1, -1))
        ? [JSON.stringify(e.message.id)]
        : [],
    );
    const nth = asks[(ask.occurrence ?? 1) - 1];
    return nth !== undefined && entries.some((e) => e.kind === 'jsonrpc-in' && e.message.method === undefined && JSON.stringify(e.message.id) === nth);
  };
  // Or give up on the call itself (fail the call): once it tells the model anything more, the
  // call is over for it and nothing waits.
  const told = ctx.modelRequests();
  // What the user is shown: an agent's stderr log (an ACP client shows none) asks the user nothing.
  const shown = (): boolean => {
    const screen = session.screen();
    return (screen.shown ?? screen.all).split(ask.shows).length - 1 >= (ask.occurrence ?? 1);
  };
  await pollUntil(() => shown() || callAnswered() || askAnswered() || ctx.modelRequests() > told, within, ASK_POLL_MS);
  if (shown() && !callAnswered() && !askAnswered()) for (const line of ask.type) session.send(line);
}

export function emptyScriptRun(): ScriptRun {
  return { sessions: [], sessionStarts: [], approvals: [], unknownGates: [], commands: [], exits: [], outcome: { completed: 0, stoppedAt: null } };
}

/**
 * Runs the steps on the last session of `run` (which the caller owns, so it can kill every
 * session even when this throws); ends the last session by end of input, else kills it.
 */
export async function runUserScript(run: ScriptRun, steps: readonly UserStep[], ctx: Omit<Ctx, 'run' | 'promptSeen'>): Promise<void> {
  const promptSeen = new Set<HostSession>();
  for (const [index, step] of steps.entries()) {
    try {
      await runStep(step, { ...ctx, run, promptSeen });
      run.outcome.completed = index + 1;
    } catch (error) {
      if (!(error instanceof StepFailed) && !(error instanceof StepUndrivable)) throw error;
      const gone = run.sessions.at(-1)?.hasExited() === true;
      run.outcome.stoppedAt = {
        step: index + 1,
        what: stepName(step),
        reason: error.message,
        mono: monotonicMs(),
        ...(gone ? { hostExited: true as const } : {}),
        ...(error instanceof StepUndrivable ? { undrivable: true as const, requests: ctx.modelRequests() } : {}),
      };
      break;
    }
  }
  const last = run.sessions.at(-1);
  if (last !== undefined && !last.hasExited()) {
    last.end('eof');
    run.exits.push(await awaitExit(last, ctx.timing.exitMs));
  }
}
