import { describe, expect, test } from 'vitest';
import type { ApprovalShown, HostAdapter, HostSession } from '../adapters/host-adapter.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { withApprovalMoments } from './approval-moments.js';

/** A session whose private state only its own methods can read (as real sessions keep it). */
class FakeSession {
  readonly #answers: (ApprovalShown | null)[];
  constructor(answers: (ApprovalShown | null)[]) {
    this.#answers = answers;
  }
  get pid(): number {
    return 42;
  }
  async waitForApproval(): Promise<ApprovalShown | null> {
    return this.#answers.shift() ?? null;
  }
}

describe('approval moments', () => {
  test('each approval shown is a moment, numbered across sessions; nothing shown is none, and the rest of the session is untouched', async () => {
    const moments: string[] = [];
    const shown = { text: '[Tool: x]', fields: {} };
    const adapter = { name: 'fake', start: async () => new FakeSession([shown, null]) as unknown as HostSession } as unknown as HostAdapter;
    const watched = withApprovalMoments(adapter, (m) => moments.push(m));
    const session = await watched.start({} as Sandbox, {} as never);
    expect([await session.waitForApproval(10), await session.waitForApproval(10), session.pid, watched.name]).toEqual([shown, null, 42, 'fake']);
    const second = await watched.start({} as Sandbox, {} as never);
    await second.waitForApproval(10);
    expect(moments).toEqual(['approval #1 shown', 'approval #2 shown']);
  });
});
