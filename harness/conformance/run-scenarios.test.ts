// `npm test`'s conformance run: every scenario against the host in context (the reference
// host by default), one concurrent test per scenario.
import { scenarioFiles } from '../scenario/load-scenarios.js';
import { registerScenarioFile } from './scenario-test.js';

for (const file of scenarioFiles()) await registerScenarioFile(file);
