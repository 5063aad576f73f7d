// npm test's order: the self-tests that run whole batches of scenarios (minutes each, their own
// scheduler sizing them to the CPU) start first, so the unit tests run beside them instead of
// after them. vitest orders by the last run's durations, which a fresh clone (CI) does not have.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const SELF_TESTS = [
  'harness/faulty-hosts/faulty-hosts.test.ts',
  'harness/conforming-hosts/conforming-hosts.test.ts',
  'harness/conformance/run-scenarios.test.ts',
];

export class SelfTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification): number => {
      const at = SELF_TESTS.indexOf(relative(spec.project.config.root, spec.moduleId));
      return at < 0 ? SELF_TESTS.length : at;
    };
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}
