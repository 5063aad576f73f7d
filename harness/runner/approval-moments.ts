// CRED-2, STDIO-3: while an approval request or its prompt is on screen the host waits for its
// user, with its servers and helpers alive; the process watch takes a snapshot at each such moment. The
// adapter and its sessions are otherwise untouched.
import type { HostAdapter, HostSession } from '../adapters/host-adapter.js';

/** `target` with some members replaced; every other member read from it, methods bound to it. */
function overriding<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(t, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key as keyof T];
      const value: unknown = Reflect.get(t, key, t);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(t) : value;
    },
  });
}

/**
 * The adapter, whose sessions call `moment(...)` when each approval request appears and each
 * time the host shows its prompt: moments when the host is surely alive and waiting.
 */
export function withApprovalMoments(adapter: HostAdapter, moment: (what: string) => void): HostAdapter {
  let shown = 0;
  let prompts = 0;
  const watched = (session: HostSession): HostSession =>
    overriding(session, {
      waitForApproval: async (timeoutMs) => {
        const approval = await session.waitForApproval(timeoutMs);
        if (approval !== null) moment(`approval #${++shown} shown`);
        return approval;
      },
      waitForPrompt: async (timeoutMs) => {
        const ready = await session.waitForPrompt(timeoutMs);
        if (ready) moment(`prompt #${++prompts} shown`);
        return ready;
      },
    });
  return overriding(adapter, { start: async (sandbox, options) => watched(await adapter.start(sandbox, options)) });
}
