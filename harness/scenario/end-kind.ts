// How the scripted user ends a host session (the scenario's end step, HostSession.end): its own
// module, so the scenario model and the host adapters share it without depending on each other.
import { z } from 'zod';

export const EndKindSchema = z.enum(['eof', 'quit', 'SIGTERM', 'SIGINT', 'SIGKILL']);
export type EndKind = z.infer<typeof EndKindSchema>;
