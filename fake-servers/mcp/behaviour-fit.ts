// Refuses, before anything starts, behaviours a transport cannot act out (a redirect over
// stdio, a declared size on an SSE event stream...) and sizes that cannot be met, with a
// BehaviourError naming the field. The rules follow the comments in fault-schema.ts.
import { BehaviourError, type FakeTool, type ServerBehaviour, type ToolOutcome } from './behaviour.js';
import type { Fault, FaultKind, Stage } from './fault-schema.js';
import { offersLegacy } from './protocol-revision.js';
import { catalogueOf, initialCatalogue } from './tool-catalogue.js';

/** The three ways a fake server is reached. */
export type Carrier = 'stdio' | 'streamable' | 'sse';

export function carrierOf(behaviour: ServerBehaviour, transport: 'http' | 'stdio'): Carrier {
  if (transport === 'stdio') return 'stdio';
  return behaviour.http?.flavour === 'sse' ? 'sse' : 'streamable';
}

const CARRIER_NAMES: Record<Carrier, string> = { stdio: 'stdio', streamable: 'Streamable HTTP', sse: 'legacy SSE' };

interface FitContext {
  carrier: Carrier;
  stage: Stage;
  behaviour: ServerBehaviour;
}

const HTTP_ONLY = (ctx: FitContext): string | undefined => (ctx.carrier === 'stdio' ? 'stdio has no HTTP answer' : undefined);
const RAW_OPTIONS = (fault: Fault, ctx: FitContext): string | undefined => {
  const options = ['declared', 'framing'].filter((key) => key in fault);
  if (options.length === 0 || ctx.carrier === 'streamable') return undefined;
  return `${options.join('/')} applies to Streamable HTTP bodies only (${ctx.carrier === 'stdio' ? 'stdio answers are one line' : 'legacy SSE answers are events on the open stream'})`;
};

const BLANK_LINES = (fault: Fault, ctx: FitContext): string | undefined => {
  if (fault.kind !== 'sized' || fault.pad !== 'blank-lines') return undefined;
  if (ctx.carrier === 'stdio') return 'pad "blank-lines" cannot cross stdio: a message there is one line';
  if (ctx.stage === 'initialize') return 'pad "blank-lines" is written raw, past the SDK: an initialize answer must go through it';
  return undefined;
};

/** Why `fault` cannot happen at this stage on this carrier (undefined: it can). */
const RULES: Record<FaultKind, (fault: Fault, ctx: FitContext) => string | undefined> = {
  never: () => undefined,
  delay: () => undefined,
  'jsonrpc-error': () => undefined,
  crash: (fault, ctx) => {
    if (fault.kind !== 'crash') return undefined;
    if (fault.code !== undefined && ctx.carrier !== 'stdio') return 'an exit code exists only for a stdio process';
    if (fault.afterHeaders === true && (ctx.carrier !== 'streamable' || ctx.stage === 'connect' || ctx.behaviour.http?.jsonResponse === true)) {
      return 'afterHeaders begins an event-stream answer: Streamable HTTP without http.jsonResponse, at a request stage only';
    }
    return undefined;
  },
  garbage: (fault, ctx) =>
    RAW_OPTIONS(fault, ctx) ??
    (fault.kind === 'garbage' && fault.thenAnswer && ctx.carrier === 'streamable' ? 'an HTTP body ends with the garbage: nothing can follow it' : undefined),
  sized: (fault, ctx) =>
    BLANK_LINES(fault, ctx) ??
    RAW_OPTIONS(fault, ctx) ??
    (ctx.stage === 'initialize' &&
    ('declared' in fault || 'framing' in fault) &&
    ctx.behaviour.http?.session !== 'stateless' &&
    offersLegacy(ctx.behaviour.protocol)
      ? 'a raw initialize answer cannot open a Streamable HTTP session: leave declared/framing unset or use http.session "stateless"'
      : undefined),
  partial: RAW_OPTIONS,
  redirect: (_fault, ctx) => HTTP_ONLY(ctx),
  auth: (_fault, ctx) => HTTP_ONLY(ctx),
  status: (_fault, ctx) => HTTP_ONLY(ctx),
  'headers-then-silence': (_fault, ctx) =>
    HTTP_ONLY(ctx) ??
    (ctx.carrier === 'sse' && ctx.stage !== 'connect' ? 'legacy SSE answers travel on the already open event stream: use "never"' : undefined),
  'progress-forever': (_fault, ctx) =>
    ctx.carrier === 'streamable' && ctx.behaviour.http?.jsonResponse ? 'an application/json answer cannot carry notifications (http.jsonResponse)' : undefined,
};

/** What the connect stage can be on each carrier (see StagesSchema). */
const AT_CONNECT: Record<Carrier, readonly FaultKind[]> = {
  stdio: ['crash', 'garbage'],
  streamable: ['crash', 'redirect', 'auth', 'status'],
  sse: ['never', 'delay', 'crash', 'garbage', 'partial', 'redirect', 'auth', 'status', 'headers-then-silence'],
};

function refusal(fault: Fault, ctx: FitContext): string | undefined {
  if (ctx.stage === 'connect' && !AT_CONNECT[ctx.carrier].includes(fault.kind)) {
    return `connect over ${CARRIER_NAMES[ctx.carrier]} can be only ${AT_CONNECT[ctx.carrier].join(', ')} (no request is answered there: use stages.initialize)`;
  }
  if (fault.page !== undefined && ctx.stage !== 'tools/list') return 'only tools/list has pages';
  const why = RULES[fault.kind](fault, ctx);
  return why === undefined ? undefined : `"${fault.kind}" is not possible over ${CARRIER_NAMES[ctx.carrier]}: ${why}`;
}

const NEEDS: Partial<Record<Stage, (b: ServerBehaviour) => boolean>> = {
  'resources/list': (b) => b.resources !== undefined || b.resourceTemplates !== undefined,
  'resources/templates/list': (b) => b.resources !== undefined || b.resourceTemplates !== undefined,
  'prompts/list': (b) => b.prompts !== undefined,
};

const RESULT_KINDS = new Set<ToolOutcome['kind']>(['content', 'echo', 'sized-text', 'ask']);

/** Whether a call outcome is a fault (not content, echo or sized-text). */
export function isFault(outcome: ToolOutcome): outcome is ToolOutcome & Fault {
  return !RESULT_KINDS.has(outcome.kind);
}

/** Every fault of a behaviour, where it is written and at which stage. */
export function faultsOf(behaviour: ServerBehaviour): { at: string; stage: Stage; fault: Fault }[] {
  const staged = (Object.entries(behaviour.stages ?? {}) as [Stage, Fault | undefined][]).flatMap(([stage, fault]) =>
    fault === undefined ? [] : [{ at: `behaviour.stages['${stage}']`, stage, fault }],
  );
  const lists = [
    ['tools', behaviour.tools ?? []],
    ['listChanged.tools', behaviour.listChanged?.tools ?? []],
    ['rugPull.tools', behaviour.rugPull?.tools ?? []],
  ] as const;
  const calls = lists.flatMap(([where, tools]) =>
    tools.flatMap((tool: FakeTool, i) => {
      const at = `behaviour.${where}[${i}] ("${tool.name}")`;
      const outcomes: [string, ToolOutcome | undefined][] = [
        [`${at}.outcome`, tool.outcome],
        ...(tool.outcomes ?? []).map((o, j): [string, ToolOutcome] => [`${at}.outcomes[${j}]`, o]),
      ];
      return outcomes.flatMap(([path, o]) => (o !== undefined && isFault(o) ? [{ at: path, stage: 'tools/call' as const, fault: o }] : []));
    }),
  );
  const reads = (behaviour.resources ?? []).flatMap((r, i) =>
    r.fault === undefined ? [] : [{ at: `behaviour.resources[${i}] ("${r.uri}").fault`, stage: 'resources/read' as const, fault: r.fault }],
  );
  return [...staged, ...calls, ...reads];
}

function checkExclusive(behaviour: ServerBehaviour): void {
  const tools = [...(behaviour.tools ?? []), ...(behaviour.listChanged?.tools ?? []), ...(behaviour.rugPull?.tools ?? [])];
  for (const tool of tools) {
    if (tool.description !== undefined && tool.descriptionBytes !== undefined)
      throw new BehaviourError(`tool "${tool.name}": give description or descriptionBytes, not both`);
  }
  for (const resource of behaviour.resources ?? []) {
    const given = ['text', 'blob', 'textBytes', 'contents'].filter((key) => key in resource);
    if (given.length > 1) throw new BehaviourError(`resource "${resource.uri}": give one of text, blob, textBytes, contents, not ${given.join(' and ')}`);
  }
  if (behaviour.toolsList?.definitionsBytes !== undefined && behaviour.generateTools?.descriptionBytes !== undefined) {
    throw new BehaviourError('behaviour.toolsList.definitionsBytes pads the generated descriptions: leave generateTools.descriptionBytes out');
  }
}

/**
 * What revision 2026-07-28 has no room for (issue 16): the legacy SSE transport (2024-11-05)
 * and sessions. Stage faults keep their meaning: the 'initialize' stage is the opening
 * request of either revision (initialize, or server/discover), so it acts on the one the
 * host sends; a host that opens with neither meets the faults of the later stages only.
 */
function revisionRefusal(behaviour: ServerBehaviour, carrier: Carrier): string | undefined {
  if (offersLegacy(behaviour.protocol)) return undefined;
  if (carrier === 'sse')
    return 'behaviour.protocol "2026-07-28": the legacy SSE transport exists only on 2025-11-25 and older (use Streamable HTTP, or "both")';
  if (behaviour.http?.session === 'stateful') return 'behaviour.http.session "stateful": revision 2026-07-28 has no sessions (leave it out, or offer "both")';
  return undefined;
}

/** Throws a BehaviourError naming the first field this transport cannot act out or size. */
export function assertBehaviourFitsTransport(behaviour: ServerBehaviour, transport: 'http' | 'stdio'): void {
  const carrier = carrierOf(behaviour, transport);
  if (carrier === 'stdio' && behaviour.rugPull) {
    throw new BehaviourError('behaviour.rugPull needs a server that outlives host restarts: use HTTP or SSE, not stdio');
  }
  if (carrier !== 'stdio' && behaviour.stdio?.callsNeedEnv !== undefined) {
    throw new BehaviourError("behaviour.stdio.callsNeedEnv reads the server process's environment: only a stdio server has one of its own");
  }
  if (carrier !== 'streamable' && behaviour.http?.redirectMethods !== undefined) {
    throw new BehaviourError(
      'behaviour.http.redirectMethods redirects the GET stream and DELETE of Streamable HTTP: use transport http without the sse flavour',
    );
  }
  const revision = revisionRefusal(behaviour, carrier);
  if (revision !== undefined) throw new BehaviourError(revision);
  for (const { at, stage, fault } of faultsOf(behaviour)) {
    if (NEEDS[stage]?.(behaviour) === false) throw new BehaviourError(`${at}: the server has nothing to list there (no resources or prompts)`);
    const why = refusal(fault, { carrier, stage, behaviour });
    if (why !== undefined) throw new BehaviourError(`${at}: ${why}`);
  }
  checkExclusive(behaviour);
  // Sizes that cannot be met throw here, naming the field.
  initialCatalogue(behaviour);
  catalogueOf(behaviour.listChanged?.tools ?? [], 'behaviour.listChanged.tools');
  catalogueOf(behaviour.rugPull?.tools ?? [], 'behaviour.rugPull.tools');
}
