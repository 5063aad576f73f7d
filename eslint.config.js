// ESLint, flat config (issue 24): `npm run lint`, a step of .ci/run. Syntax-level rules only: no type-aware rules (no parserOptions
// project/projectService), so a run over the whole tree takes seconds, and the type rules stay
// with `npm run typecheck` (tsc over all code, tests included).
//
// Never run `eslint --fix` over reference-host/: the source mutants of refhost
// (harness/faulty-hosts/mutants-*.ts, mutant-anchors.ts) find their text verbatim inside its named
// seams (`// seam: NAME` lines), so a rewrite there breaks them (harness/faulty-hosts/mutant-build.test.ts says which).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    'dist/',
    'dist.build-*/',
    'dist.old-*/',
    '.hosts/',
    '.tmp/',
    'test-results/',
    'reports/',
    'bench/',
    // Written the way outside developers write hosts, and their answer keys cite lines of this
    // code (answer-key.json `where`): not held to the suite's own style.
    'harness/known-answer-hosts/*/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Matching terminal escapes and control characters is what this suite does (INJECT-2,
      // screen reading, JUnit/HTML escaping): such a regex is the point, not a slip.
      'no-control-regex': 'off',
      // A transport that must reach itself from callbacks handed to its own super() call
      // (refhost's SSE link) declares `let self` first and assigns it after: that is the idiom.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['self'] }],
      // `_name` marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
);
