// STDIO-5: the shared shape of the reaping scenarios, one per way of ending the host. The
// server leaves its child running when it exits (leaveChild), so only a host that stops the
// server's whole process group leaves nothing behind. Ctrl-C comes twice: the first
// interrupts a call that never answers, the second (at the prompt) ends the host, so a host
// that handles only its first Ctrl-C and dies of the second is seen.
import { nothingLeftRunning, stdioOwnGroup } from '../harness/scenario/check-helpers.js';
import type { EndKind, ScenarioInput } from '../harness/scenario/scenario-schema.js';

/** The ways STDIO-5 names (a host killed by SIGKILL can reap nothing). */
type ReapingEnd = Exclude<EndKind, 'SIGKILL'>;

const HOW: Record<ReapingEnd, string> = {
  eof: 'end of input',
  quit: 'the quit command',
  SIGINT: 'SIGINT (a second Ctrl-C, at the prompt, after one that interrupted a call)',
  SIGTERM: 'SIGTERM',
};

export function reapingScenario(end: ReapingEnd): ScenarioInput {
  return {
    title: `A stdio server and the child it started are reaped when the host exits by ${HOW[end]}`,
    ...(end === 'quit' ? { needs: ['quit' as const] } : {}),
    servers: {
      local: { transport: 'stdio', behaviour: { tools: [{ name: 'note' }, { name: 'wait', outcome: { kind: 'never' } }], stdio: { leaveChild: true } } },
    },
    ...(end === 'SIGINT'
      ? {
          model: [{ calls: [{ server: 'local', tool: 'wait', arguments: {} }] }, { message: 'It may have run.' }],
          user: [
            { send: 'Run it.' },
            { approval: 'approve' as const },
            { received: { server: 'local', method: 'tools/call' } },
            { interrupt: true as const },
            { end },
          ],
        }
      : { model: [{ message: 'Hello.' }], user: [{ send: 'Hi' }, { end }] }),
    checks: [
      {
        id: 'own-process-group',
        guarantees: ['STDIO-2'],
        expected: 'the server leads its own process group, apart from the host',
        provenBy: ['shared-group'],
        grade: stdioOwnGroup('local'),
      },
      {
        id: `reaped-on-${end.toLowerCase()}`,
        guarantees: ['STDIO-5'],
        expected: `after ${HOW[end]} the host exits and neither the server nor its child is left running`,
        provenBy: ['no-reap', ...(end === 'SIGINT' ? ['stdio-sigint-handled-once'] : [])],
        grade: nothingLeftRunning('local'),
      },
    ],
  };
}
