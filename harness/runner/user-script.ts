// The scripted user: drives a host through the scenario's steps with a deadline on every
// wait. A step that cannot happen (no approval request, no prompt) stops the script and is
// recorded; checks then grade what was observed ("not reached: ..."), never an exception.
import type { HostAdapter, HostSession, StartOptions } from '../adapters/host-adapter.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { pollUntil } from '../supervision/poll.js';
import type { ApprovalSeen, CommandSeen, ExitSeen, ScriptOutcome } from '../scenario/observations.js';
import type { UserStep } from '../scenario/scenario-schema.js';
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
  timing: ScriptTiming;
  run: ScriptRun;
  /** Sessions past their first wait (start-up deadline used once per session). */
  promptSeen: Set<HostSession>;
}

class StepFailed extends Error {}

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

const CONTACTS = new Set(['start', 'connection-open', 'http-request', 'jsonrpc-in']);

/** How often each server had been contacted (spawned, connected to, sent a request) so far. */
function contactCounts(servers: Ctx['servers']): Record<string, number> {
  return Object.fromEntries(Object.entries(servers).map(([name, s]) => [name, s.journal().filter((e) => CONTACTS.has(e.kind)).length]));
}

/** `add` and `list`: the host's own commands, run beside (or between) chat sessions. */
async function runCommand(step: Extract<UserStep, { add: string } | { list: true }>, ctx: Ctx): Promise<void> {
  const { adapter, sandbox } = ctx;
  let done;
  if ('add' in step) {
    const server = ctx.servers[step.add];
    if (server === undefined) throw new StepFailed(`no server named ${step.add} in this scenario`);
    if (adapter.addServer === undefined) throw new StepFailed(`host ${adapter.name} has no command to add a server`);
    done = await adapter.addServer(sandbox, step.add, server.entry, {});
  } else {
    if (adapter.listServers === undefined) throw new StepFailed(`host ${adapter.name} has no command to list servers`);
    done = await adapter.listServers(sandbox);
  }
  ctx.run.commands.push({
    command: 'add' in step ? 'add' : 'list',
    server: 'add' in step ? step.add : null,
    exit: { code: done.exit.code, signal: done.exit.signal },
    screen: done.screen,
    requestsWhenDone: contactCounts(ctx.servers),
  });
}

async function runStep(step: UserStep, ctx: Ctx): Promise<void> {
  const session = ctx.run.sessions.at(-1);
  const firstWait = session !== undefined && !ctx.promptSeen.has(session);
  const within = ('within' in step ? step.within : undefined) ?? (firstWait ? Math.max(ctx.timing.stepMs, ctx.timing.startMs) : ctx.timing.stepMs);
  if (session !== undefined) ctx.promptSeen.add(session);
  if ('add' in step || 'list' in step) {
    await runCommand(step, ctx);
    return;
  }
  if ('restart' in step) {
    if (session !== undefined && !session.hasExited()) throw new StepFailed('the previous host session is still running (end it first)');
    ctx.run.sessions.push(await ctx.adapter.start(ctx.sandbox, { ...ctx.start, resume: step.restart.resume }));
    return;
  }
  if (session === undefined) throw new StepFailed('no host session');
  if ('send' in step) {
    if (!(await session.waitForPrompt(within))) throw new StepFailed(`no prompt within ${within} ms`);
    session.send(step.send);
  } else if ('approval' in step) {
    const shown = await session.waitForApproval(within);
    if (shown === null) throw new StepFailed(`no approval request (the host went on, exited, or ${within} ms passed)`);
    const toolCallsWhenShown = Object.fromEntries(Object.entries(ctx.servers).map(([name, s]) => [name, s.toolCallCount()]));
    ctx.run.approvals.push({ ...shown, answer: step.approval, toolCallsWhenShown });
    session.answer(step.approval);
  } else if ('unknownGate' in step) {
    const gate = await session.waitForUnknownGate(within);
    if (gate === null) throw new StepFailed('no unknown-outcome confirmation before the prompt');
    ctx.run.unknownGates.push(gate);
    session.answerUnknownGate(step.unknownGate === 'approve');
  } else if ('waitFor' in step) {
    if ((await session.waitFor(new RegExp(step.waitFor, 'm'), within)) === null) throw new StepFailed(`screen never showed /${step.waitFor}/`);
  } else if ('prompt' in step || 'listPrompts' in step) {
    const line = 'prompt' in step ? ctx.adapter.promptLine?.(step.prompt.server, step.prompt.name, step.prompt.arguments ?? {}) : ctx.adapter.listPromptsLine;
    if (line === undefined) throw new StepFailed(`host ${ctx.adapter.name} has no command for server prompts`);
    if (!(await session.waitForPrompt(within))) throw new StepFailed(`no prompt within ${within} ms`);
    session.send(line);
  } else if ('received' in step) {
    const { server, method, count } = step.received;
    const running = ctx.servers[server];
    if (running === undefined) throw new StepFailed(`no server named ${server} in this scenario`);
    const seen = (): number => running.journal().filter((e) => e.kind === 'jsonrpc-in' && e.message.method === method).length;
    if (!(await pollUntil(() => seen() >= count, within))) throw new StepFailed(`server ${server} received ${seen()} ${method} within ${within} ms, expected ${count}`);
  } else if ('interrupt' in step) {
    session.interrupt();
  } else {
    const offered = ctx.adapter.features.endKinds;
    if (!offered.includes(step.end)) throw new StepFailed(`the host offers no ${step.end} (it offers ${offered.join(', ')})`);
    if (step.now !== true && !(await session.waitForPrompt(within))) throw new StepFailed(`no prompt within ${within} ms before ending`);
    session.end(step.end);
    ctx.run.exits.push(await awaitExit(session, ctx.timing.exitMs));
  }
}

export function emptyScriptRun(): ScriptRun {
  return { sessions: [], approvals: [], unknownGates: [], commands: [], exits: [], outcome: { completed: 0, stoppedAt: null } };
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
      if (!(error instanceof StepFailed)) throw error;
      run.outcome.stoppedAt = { step: index + 1, what: stepName(step), reason: error.message };
      break;
    }
  }
  const last = run.sessions.at(-1);
  if (last !== undefined && !last.hasExited()) {
    last.end('eof');
    run.exits.push(await awaitExit(last, ctx.timing.exitMs));
  }
}
