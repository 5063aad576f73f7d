// How a behaviour and its journal channel travel to the stdio fake: in argv only, because a
// conforming host hands a stdio server a filtered environment (STDIO-3). Every word is
// shell-safe, so a host that wrongly runs the command through a shell (STDIO-1) still
// reaches the collector and its mistake shows in the journal.
import { BehaviourError, parseServerBehaviour, type ServerBehaviour } from './behaviour.js';

/** Linux allows 128 KiB per argument; stay clear of it with a readable error instead. */
const MAX_ENCODED = 120 * 1024;

/** Where the server's journal goes: the collector's address and this server's id there. */
export interface JournalTarget {
  address: string;
  id: string;
}

export function encodeBehaviourArg(behaviour: ServerBehaviour): string {
  const encoded = Buffer.from(JSON.stringify(behaviour), 'utf8').toString('base64url');
  if (encoded.length > MAX_ENCODED) {
    throw new BehaviourError(
      `behaviour is ${encoded.length} bytes encoded, over the ${MAX_ENCODED}-byte argv limit: use generateTools / *Bytes sizes instead of inline bulk`,
    );
  }
  return encoded;
}

/** The argument words after the script: behaviour, then the journal target. */
export function stdioArgs(behaviour: ServerBehaviour, journal: JournalTarget): string[] {
  return ['--behaviour', encodeBehaviourArg(behaviour), '--journal', journal.address, '--journal-id', journal.id];
}

/** Reads `--behaviour <base64url or JSON> --journal <address> --journal-id <id>`; throws a message naming the problem. */
export function parseStdioArgs(args: readonly string[]): { behaviour: ServerBehaviour; journal: JournalTarget } {
  const value = (flag: string): string => {
    const at = args.indexOf(flag);
    const found = at >= 0 ? args[at + 1] : undefined;
    if (found === undefined) throw new BehaviourError(`missing argument ${flag}`);
    return found;
  };
  const raw = value('--behaviour');
  const text = raw.trimStart().startsWith('{') ? raw : Buffer.from(raw, 'base64url').toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BehaviourError('--behaviour is neither JSON nor base64url-encoded JSON');
  }
  return { behaviour: parseServerBehaviour(json), journal: { address: value('--journal'), id: value('--journal-id') } };
}
