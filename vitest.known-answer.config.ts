// The known-answer self-test alone (npm run test:known-answer; a step of .ci/run beside the
// real hosts' rows): five hosts built on other stacks, every verdict against its answer key.
import { defineConfig } from 'vitest/config';
import base, { KNOWN_ANSWER_TEST } from './vitest.config.js';

export default defineConfig({ test: { ...base.test, include: [KNOWN_ANSWER_TEST], exclude: ['node_modules/**', 'dist/**'] } });
