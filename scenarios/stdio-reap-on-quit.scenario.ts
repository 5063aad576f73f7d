// STDIO-5 (and STDIO-2): the host exits by quit; the server and its child must be gone.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { reapingScenario } from './stdio-reaping.js';

export default defineScenario(reapingScenario('quit'));
