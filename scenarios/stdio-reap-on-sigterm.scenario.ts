// STDIO-5 (and STDIO-2): the host exits by SIGTERM; the server and its child must be gone.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { reapingScenario } from './stdio-reaping.js';

export default defineScenario(reapingScenario('SIGTERM'));
