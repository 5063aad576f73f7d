// Acting out a planned request inside the SDK Server's handler: the normal answer, or the
// fault at its stage (fault-schema.ts). Faults that write outside any message (garbage,
// half a message, a crash) use the transport's hooks; faults that answer on the raw HTTP
// response were acted out by the route before the SDK saw the request (http-routes.ts).
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { blankLinesPadded } from './answers.js';
import type { ToolOutcome } from './behaviour.js';
import { DEFAULT_GARBAGE, type Fault, type Stage } from './fault-schema.js';
import type { CatalogueTool } from './tool-catalogue.js';
import type { JournalWriter } from './journal.js';

type Result = Record<string, unknown>;

/** A JSON-RPC request as the engine sees it. */
export interface PlannedRequest {
  id: RequestId;
  method: string;
  params?: Record<string, unknown>;
}

/** What one request meets: its stage, the fault (if any) and, for a tools/call, the tool's outcome. */
export interface Plan {
  request: PlannedRequest;
  stage: Stage | undefined;
  fault: Fault | undefined;
  call?: { tool: CatalogueTool; outcome: ToolOutcome; switchList: boolean };
}

/** Misbehaviour only the transport can act out; each transport supplies what it can. */
export interface TransportHooks {
  /** Bytes on the channel that carries answers, outside the SDK (stdio stdout, the SSE event stream). */
  writeRaw?(data: string | Uint8Array): void;
  /** stdio: the process exits with `code`; SSE: the event stream is destroyed. */
  crash?(code: number): void;
  /** One message as that channel frames it (stdio: a line; SSE: an event). */
  frame?(payload: string): string;
}

export interface RequestContext {
  signal: AbortSignal;
  requestId: RequestId;
  sendNotification(notification: { method: string; params?: Record<string, unknown> }): Promise<void>;
  /** A server-to-client request related to this one (2025-11-25 only; ASK-1..3). */
  sendRequest?(request: { method: string; params?: Record<string, unknown> }, schema: z.ZodType, options: { signal: AbortSignal }): Promise<unknown>;
}

export interface ActDeps {
  journal: JournalWriter;
  /** The normal result (padded for 'sized'); throws the JSON-RPC error it gets instead. */
  resultOf(plan: Plan): Result;
  /** The whole JSON-RPC answer message, result or error. */
  answerOf(plan: Plan): Promise<Result>;
  /** A call whose server asks the host first (ASK-1..3), on the call's revision. */
  asked(plan: Plan, ctx: RequestContext): Promise<Result>;
}

const DEFAULT_PROGRESS_MS = 500;

/** The first half (in bytes) of `text`: a message cut mid-way. */
export function firstHalf(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.subarray(0, Math.floor(bytes.length / 2));
}

export async function actOut(plan: Plan, ctx: RequestContext, hooks: TransportHooks, deps: ActDeps): Promise<Result> {
  const { fault } = plan;
  if (!fault) {
    await pause(plan.call && 'delayMs' in plan.call.outcome ? plan.call.outcome.delayMs : undefined, ctx.signal);
    if (plan.call?.outcome.kind === 'ask') return deps.asked(plan, ctx);
    return deps.resultOf(plan);
  }
  deps.journal.record({ kind: 'fault', what: `${plan.stage ?? plan.request.method} ${fault.kind}` });
  await pause(fault.delayMs, ctx.signal);
  const frame = hooks.frame ?? ((payload: string) => payload);
  switch (fault.kind) {
    case 'never':
      return untilAborted(ctx.signal);
    case 'delay':
      return deps.resultOf(plan);
    case 'sized':
      if (fault.pad !== 'blank-lines') return deps.resultOf(plan);
      // Written raw: the SDK would send the message re-serialised, its blank lines gone.
      required(hooks.writeRaw, fault.kind)(frame(blankLinesPadded(await deps.answerOf({ ...plan, fault: undefined }), fault.bytes)));
      return untilAborted(ctx.signal);
    case 'jsonrpc-error':
      throw Object.assign(new Error(fault.message), { code: fault.code, ...(fault.data !== undefined && { data: fault.data }) });
    case 'crash':
      required(hooks.crash, fault.kind)(fault.code ?? 1);
      return untilAborted(ctx.signal);
    case 'garbage':
      required(hooks.writeRaw, fault.kind)(frame(fault.data ?? DEFAULT_GARBAGE));
      return fault.thenAnswer ? deps.resultOf(plan) : untilAborted(ctx.signal);
    case 'partial': {
      const answer = await deps.answerOf({ ...plan, fault: undefined });
      required(hooks.writeRaw, fault.kind)(firstHalf(frame(JSON.stringify(answer))));
      return untilAborted(ctx.signal);
    }
    case 'progress-forever':
      return busyForever(plan, ctx, fault.intervalMs ?? DEFAULT_PROGRESS_MS);
    default:
      // redirect, auth, status, headers-then-silence: answered on the raw HTTP response.
      throw Object.assign(new Error(`fake server: "${fault.kind}" is not possible on this transport`), { code: -32603 });
  }
}

/** Progress (with the request's token) or log lines every `intervalMs`, and never an answer. */
function busyForever(plan: Plan, ctx: RequestContext, intervalMs: number): Promise<never> {
  const meta = plan.request.params?._meta as { progressToken?: string | number } | undefined;
  const token = meta?.progressToken;
  let n = 0;
  const timer = setInterval(() => {
    n++;
    const notification =
      token !== undefined
        ? { method: 'notifications/progress', params: { progressToken: token, progress: n, message: `still working (${n})` } }
        : { method: 'notifications/message', params: { level: 'info', logger: 'fake-mcp', data: `still working (${n})` } };
    ctx.sendNotification(notification).catch(() => undefined);
  }, intervalMs);
  ctx.signal.addEventListener('abort', () => clearInterval(timer), { once: true });
  return untilAborted(ctx.signal);
}

function required<T>(hook: T | undefined, kind: string): T {
  if (!hook) throw Object.assign(new Error(`fake server: "${kind}" is not possible on this transport`), { code: -32603 });
  return hook;
}

export function pause(ms: number | undefined, signal: AbortSignal): Promise<void> {
  if (!ms) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Never settles unless the connection closes (then the SDK sends nothing anyway). */
export function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
