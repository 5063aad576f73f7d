// The scripted model: one step per request, so a scenario decides exactly which calls the
// host is asked to make (APPROVE-*, RESULT-*, EXPOSE-*). A target that cannot be found in a
// request is an observation for the verdict, answered with a message, never a crash.
import { z } from 'zod';
import type { ParsedModelRequest } from './request.js';
import { bridgeArguments, resolveReachable, type Bridge } from './bridges.js';
import { resolveBuiltin, type CatalogueEntry } from './tool-resolution.js';

const ArgumentsSchema = z.union([z.record(z.string(), z.unknown()), z.string()]);

export const McpCallTargetSchema = z.strictObject({ server: z.string().min(1), tool: z.string().min(1), arguments: ArgumentsSchema });
export const BuiltinCallTargetSchema = z.strictObject({ builtin: z.string().min(1), arguments: ArgumentsSchema });
/** A read through the host's own file tool, whatever it is called; "{name}" in the path is one of the run's paths. */
export const FileReadTargetSchema = z.strictObject({ readFile: z.string().min(1) });
export const CallTargetSchema = z.union([McpCallTargetSchema, BuiltinCallTargetSchema, FileReadTargetSchema]);

/** The JSON-serialisable steps (behaviour files); function steps exist only in code. */
export const ModelStepDataSchema = z.union([
  z.strictObject({ message: z.string() }),
  z.strictObject({ calls: z.array(CallTargetSchema).min(1), message: z.string().optional() }),
  BuiltinCallTargetSchema,
  FileReadTargetSchema,
]);
export type ModelStepData = z.infer<typeof ModelStepDataSchema>;
export type CallTarget = z.infer<typeof CallTargetSchema>;

export type ModelStep = ModelStepData | ((request: ParsedModelRequest) => ModelStep);

export const SCRIPT_FINISHED = '(script finished)';

/** A call whose target was found in the request. */
export interface PlannedCall {
  name: string;
  namespace?: string;
  arguments: string;
}

export interface UnresolvedTarget {
  requestIndex: number;
  /** "server/tool" for MCP targets, the bare name for built-ins. */
  target: string;
  reason: string;
}

/** What the model answers to one request. */
export interface ModelTurn {
  message?: string;
  calls: PlannedCall[];
  unresolved: UnresolvedTarget[];
}

// Function steps may return function steps; a bound stops an accidental loop.
const MAX_STEP_DEPTH = 16;

function concrete(step: ModelStep, request: ParsedModelRequest): ModelStepData {
  let current = step;
  for (let depth = 0; typeof current === 'function'; depth++) {
    if (depth >= MAX_STEP_DEPTH) throw new Error(`script step for request ${request.index} nests functions deeper than ${MAX_STEP_DEPTH}`);
    current = current(request);
  }
  return current;
}

/** What the model knows about the host and the run besides the request. */
export interface ScriptContext {
  /** Every tool the scenario's servers offer, so a target is told from its neighbours. */
  catalogue: readonly CatalogueEntry[];
  /** The host's file-reading tool and the run's paths ("{name}" in a readFile path); absent = it has none. */
  fileTool?: { tool: string; pathArgument: string; paths: Readonly<Record<string, string>> };
  /** Functions of the host through which MCP tools listed only in text are called (bridges.ts). */
  bridges?: readonly Bridge[];
}

/** A readFile target as the call of the host's own file tool. */
function asBuiltin(target: z.infer<typeof FileReadTargetSchema>, ctx: ScriptContext): z.infer<typeof BuiltinCallTargetSchema> | null {
  const tool = ctx.fileTool;
  if (tool === undefined) return null;
  const path = target.readFile.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => tool.paths[name] ?? whole);
  return { builtin: tool.tool, arguments: { [tool.pathArgument]: path } };
}

function planCall(given: CallTarget, request: ParsedModelRequest, ctx: ScriptContext): PlannedCall | UnresolvedTarget {
  const target = 'readFile' in given ? asBuiltin(given, ctx) : given;
  if (target === null) return { requestIndex: request.index, target: "the host's file tool", reason: 'the host has no built-in tool that reads files' };
  const args = typeof target.arguments === 'string' ? target.arguments : JSON.stringify(target.arguments);
  const unresolved = (name: string, reason: string): UnresolvedTarget => ({ requestIndex: request.index, target: name, reason });
  if ('builtin' in target) {
    const builtin = resolveBuiltin(request.tools, target.builtin);
    return builtin.ok ? { name: builtin.name, arguments: args } : unresolved(target.builtin, builtin.reason);
  }
  // A function of its own, or a name the text lists for a bridge the request offers.
  const found = resolveReachable(request, ctx.bridges ?? [], target.server, target.tool, { catalogue: ctx.catalogue });
  if (!found.ok) return unresolved(`${target.server}/${target.tool}`, found.reason);
  if (found.bridged !== null) return { name: found.bridged.function.name, arguments: bridgeArguments(found.bridged, target.arguments) };
  return { name: found.name, ...(found.namespace === undefined ? {} : { namespace: found.namespace }), arguments: args };
}

/** Turns one step into the model's answer to this request. */
export function planTurn(step: ModelStep | undefined, request: ParsedModelRequest, ctx: ScriptContext = { catalogue: [] }): ModelTurn {
  if (step === undefined) return { message: SCRIPT_FINISHED, calls: [], unresolved: [] };
  const data = concrete(step, request);
  if ('message' in data && !('calls' in data)) return { message: data.message, calls: [], unresolved: [] };
  const targets = 'calls' in data ? data.calls : [data];
  const planned = targets.map((t) => planCall(t, request, ctx));
  const unresolved = planned.filter((p): p is UnresolvedTarget => 'reason' in p);
  if (unresolved.length > 0) {
    // Making only some of the calls would leave the scenario in a state nobody scripted.
    const message = unresolved.map((u) => `Cannot call ${u.target}: ${u.reason}`).join('\n');
    return { message, calls: [], unresolved };
  }
  const message = 'calls' in data ? data.message : undefined;
  return { ...(message === undefined ? {} : { message }), calls: planned as PlannedCall[], unresolved: [] };
}

/** Hands out the steps in order, one per accepted request. */
export class ScriptedModel {
  #next = 0;
  constructor(
    private readonly steps: readonly ModelStep[],
    private readonly ctx: ScriptContext = { catalogue: [] },
  ) {}

  answer(request: ParsedModelRequest): ModelTurn {
    const step = this.steps[this.#next];
    if (step !== undefined) this.#next++;
    return planTurn(step, request, this.ctx);
  }
}
