// Where the harness's own time goes (issue 22's per-phase profile): named spans of a scenario
// run (sandbox, fixtures, host start, the user script, teardown, collection, canary scan,
// grading) and of work spread over a run (terminal rendering, /proc watching), summed while a
// benchmark has metering on. Off (always, outside the benchmark) a span costs one comparison.
// For a synchronous span the wall time is this thread's CPU; an asynchronous one also counts
// the process's CPU meanwhile, exact when one scenario runs at a time (as the benchmark runs them).

export interface Cost {
  /** How many times the span ran. */
  count: number;
  wallMs: number;
  /** The process's CPU during the span (user + system): the span's own when it is synchronous. */
  cpuMs: number;
  /** The span never awaits: its CPU is its own, whatever else ran. */
  synchronous: boolean;
}

let costs: Map<string, Cost> | null = null;

function add(name: string, wallMs: number, cpuMs: number, synchronous: boolean): void {
  if (costs === null) return;
  const cost = costs.get(name) ?? { count: 0, wallMs: 0, cpuMs: 0, synchronous };
  cost.count += 1;
  cost.wallMs += wallMs;
  cost.cpuMs += cpuMs;
  costs.set(name, cost);
}

const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Runs `fn`, adding its time to `name` while metering is on. */
export function meter<T>(name: string, fn: () => T): T {
  if (costs === null) return fn();
  const wall = performance.now();
  const cpu = cpuNow();
  try {
    return fn();
  } finally {
    add(name, performance.now() - wall, cpuNow() - cpu, true);
  }
}

/** The same for a span that awaits. */
export async function meterAsync<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (costs === null) return fn();
  const wall = performance.now();
  const cpu = cpuNow();
  try {
    return await fn();
  } finally {
    add(name, performance.now() - wall, cpuNow() - cpu, false);
  }
}

/** Opens a span here; calling what it returns closes it under `name` (for spans that are not one call). */
export function openSpan(): (name: string) => void {
  if (costs === null) return () => {};
  const wall = performance.now();
  const cpu = cpuNow();
  return (name) => add(name, performance.now() - wall, cpuNow() - cpu, false);
}

/** Starts summing from zero. */
export function startMetering(): void {
  costs = new Map();
}

/** Stops metering and returns what was summed, by span name. */
export function stopMetering(): Map<string, Cost> {
  const taken = costs ?? new Map<string, Cost>();
  costs = null;
  return taken;
}
