// `--required-by <catalogue|spec|spec-must>`, the one option `run` and `report merge` share
// (issue 16, part 4): commander refuses any other value with one line and exit 2.
import { Option } from 'commander';
import { REQUIRED_BY } from '../catalogue/source-schema.js';

export function requiredByOption(what: string): Option {
  return new Option('--required-by <scope>', `${what} of guarantees the MCP specification itself asks: spec (a MUST, SHOULD or Key Principle sentence) or spec-must (a MUST sentence); catalogue: all`)
    .choices(REQUIRED_BY)
    .default('catalogue');
}
