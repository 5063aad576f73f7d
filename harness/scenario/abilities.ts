// Abilities a host may lack without breaching anything (a quit command, sessions, its own
// screen...): one table of what each ability is, how a host's capabilities show it, and the
// reason a check needing it is UNSUPPORTED on a host without it. Scenarios and checks name
// them in `needs`; the runner (a whole scenario) and the grader (a check) read this table alone.
// A host also lacks every ability its capabilities name in `lacks` (a profile's `lacks`): a new
// ability needs no capability field of its own, only its row here.
import type { HostCapabilities } from '../adapters/host-adapter.js';

interface Ability {
  /** Whether the host, as its adapter or profile declares it, has the ability. */
  has: (capabilities: HostCapabilities) => boolean;
  /** Why a check needing it does not apply to a host without it (the report's reason). */
  lacking: string;
}

export const ABILITIES = {
  quit: { has: (c) => c.quit, lacking: 'the host has no quit command' },
  sessions: { has: (c) => c.resume !== undefined, lacking: 'the host keeps no sessions to resume' },
  'legacy-session': { has: (c) => c.resume?.legacy !== undefined, lacking: "the host's profile names no session saved before MCP support" },
  'add-command': { has: (c) => c.commands?.add !== undefined, lacking: 'the host has no command to add a server' },
  'list-command': { has: (c) => c.commands?.list !== undefined, lacking: 'the host has no command to list servers' },
  'file-tool': { has: (c) => c.builtins.readFile !== undefined, lacking: 'the host has no built-in tool that reads files' },
  'prompt-command': { has: (c) => c.prompts !== undefined, lacking: 'the host has no command to use a server prompt' },
  'builtin-tool': { has: (c) => c.builtins.names.length > 0, lacking: 'the host has no built-in tools' },
  'own-screen': { has: (c) => c.ownScreen, lacking: 'the host draws no screen of its own (its client renders what it is sent)' },
  'server-status': { has: (c) => c.serverStatus !== false, lacking: "the host's protocol carries no per-server status (ACP: its client cannot show one)" },
  'elicitation-shown': {
    has: (c) => c.elicitationShown !== false,
    lacking: "the suite's client of the host's protocol declares no elicitation (ACP), so the agent has no client to show a server's question to",
  },
} as const satisfies Record<string, Ability>;

export type Need = keyof typeof ABILITIES;
export const NEED_NAMES = Object.keys(ABILITIES) as [Need, ...Need[]];

/** Whether the host has an ability a check may need: its capabilities show it, and do not name it in `lacks`. */
export function hasAbility(capabilities: HostCapabilities, need: Need): boolean {
  return ABILITIES[need].has(capabilities) && !(capabilities.lacks ?? []).includes(need);
}

/** The reason the first of `needs` the host lacks makes a check UNSUPPORTED, or null when it has them all. */
export function lackedAbility(needs: readonly Need[], capabilities: HostCapabilities): string | null {
  const need = needs.find((n) => !hasAbility(capabilities, n));
  return need === undefined ? null : ABILITIES[need].lacking;
}
