// Source mutants of refhost for DISCOVER-2 and RESULT-4: the connect and call deadlines, longer
// or shorter than the catalogue's, per step instead of in total, or restarted by activity. Here
// because checks-deadlines.ts holds most of their checks (DISCOVER-2 has one more each in
// checks-stdio-discovery.ts and checks-exposure-limits.ts, RESULT-4 one in checks-approval-results.ts).
import type { Mutant } from './mutant-build.js';
import { CLASSIFY_ABORTED, LIST_TOOLS } from './mutant-anchors.js';

const DISCOVER: readonly Mutant[] = [
  {
    id: 'discover-connect-serially',
    seam: 'allAtOnce',
    find: 'const allAtOnce = <T>(jobs: readonly (() => Promise<T>)[]): Promise<T[]> => Promise.all(jobs.map((job) => job()));',
    replace:
      'const allAtOnce = async <T>(jobs: readonly (() => Promise<T>)[]): Promise<T[]> => { const out: T[] = []; for (const job of jobs) out.push(await job()); return out; };',
    breaks: 'DISCOVER-2: servers are connected one after another, so slow servers add up',
  },
  {
    id: 'discover-connect-deadline-15s',
    seam: 'DEFAULT_CONNECT_TIMEOUT_MS',
    find: 'export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;',
    replace: 'export const DEFAULT_CONNECT_TIMEOUT_MS = 15_000;',
    breaks: 'DISCOVER-2: the connect deadline is 15 s, not 10 s',
  },
  {
    id: 'discover-connect-deadline-12s',
    seam: 'DEFAULT_CONNECT_TIMEOUT_MS',
    find: 'export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;',
    replace: 'export const DEFAULT_CONNECT_TIMEOUT_MS = 12_500;',
    breaks: 'DISCOVER-2: the connect deadline is 12.5 s, not 10 s',
  },
  {
    id: 'discover-deadline-initialize-only',
    seam: 'connectServer',
    find: '    await session.connect(deadline.signal, Math.floor(options.connectTimeoutMs / PROBE_SHARE));\n',
    replace: '    await session.connect(deadline.signal, Math.floor(options.connectTimeoutMs / PROBE_SHARE));\n    clearTimeout(timer);\n',
    breaks: 'DISCOVER-2: the deadline covers initialize only; a server hanging on tools/list is waited for (60 s SDK timeout)',
  },
  {
    id: 'discover-deadline-resets-per-page',
    seam: 'connectServer',
    find: LIST_TOOLS,
    replace: "    const discovery = await discoverTools((cursor) => (timer.refresh(), session.listPage('tools/list', cursor, deadline.signal)));",
    breaks: 'DISCOVER-2: the deadline restarts with every tools/list page, so a slow pager never runs out',
  },
  {
    id: 'discover-deadline-split-between-servers',
    seam: 'connectAll',
    find: '    Object.entries(config.mcpServers).map(([name, server]) => () => connectServer(name, server, options, deps, redact)),',
    replace:
      '    Object.entries(config.mcpServers).map(([name, server], _, all) => () => connectServer(name, server, { ...options, connectTimeoutMs: Math.floor(options.connectTimeoutMs / all.length) }, deps, redact)),',
    breaks: 'DISCOVER-2: the connect deadline is shared out between the servers, so with several servers each gets less than its own deadline',
  },
  {
    id: 'discover-connect-deadline-5s',
    seam: 'DEFAULT_CONNECT_TIMEOUT_MS',
    find: 'export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;',
    replace: 'export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;',
    breaks: 'DISCOVER-2: the connect deadline is 5 s, not 10 s, so a server answering after 6 s is dropped',
  },
];

const RESULT: readonly Mutant[] = [
  {
    id: 'result-deadline-reset-on-progress',
    seam: 'ServerSession.send',
    find: '      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS });',
    replace:
      '      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS, onprogress: () => void timer.refresh() });',
    breaks: 'RESULT-4: the call deadline restarts with every progress notification, so a busy server is waited for forever',
  },
  {
    id: 'result-deadline-reset-on-stdio-progress',
    seam: 'ServerSession.send',
    find: '      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS });',
    replace:
      "      const raw = await this.client.request({ method, params }, schema, { signal, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS, ...(this.current.link.opening === 'probe-in-place' ? { onprogress: () => void timer.refresh() } : {}) });",
    breaks: 'RESULT-4: over stdio (only) the call deadline restarts with every progress notification, so a busy stdio server is waited for forever',
  },
  {
    id: 'result-call-deadline-60s',
    seam: 'DEFAULT_CALL_TIMEOUT_MS',
    find: 'export const DEFAULT_CALL_TIMEOUT_MS = 30_000;',
    replace: 'export const DEFAULT_CALL_TIMEOUT_MS = 60_000;',
    breaks: 'RESULT-4: the call deadline is 60 s, not 30 s',
  },
  {
    id: 'result-call-deadline-5s',
    seam: 'DEFAULT_CALL_TIMEOUT_MS',
    find: 'export const DEFAULT_CALL_TIMEOUT_MS = 30_000;',
    replace: 'export const DEFAULT_CALL_TIMEOUT_MS = 5_000;',
    breaks: 'RESULT-4: the call deadline is 5 s: a call answered after 6 s is reported unknown',
  },
  {
    id: 'result-call-deadline-seconds',
    seam: 'connectAll',
    find: '      const outcome = await session.callTool(tool.originalName, args, options.callTimeoutMs, signal);',
    replace: '      const outcome = await session.callTool(tool.originalName, args, options.callTimeoutMs * 1000, signal);',
    breaks: 'RESULT-4: the call deadline is read as seconds (30 000 s)',
  },
  {
    id: 'result-timeout-failed',
    seam: 'ServerSession.classifyCallError',
    find: CLASSIFY_ABORTED,
    replace:
      "    if (signal.aborted) return isMcpLayerError(signal.reason, 'timeout') ? failedOutcome(reasonText(signal.reason)) : unknownOutcome(reasonText(signal.reason));",
    breaks: 'RESULT-4: no answer within the call deadline gives status failed',
  },
];

export const DEADLINE_MUTANTS: readonly Mutant[] = [...DISCOVER, ...RESULT];
