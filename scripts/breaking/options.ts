// Command line of `npm run breaking`.
import { parseArgs } from 'node:util';
import type { BaseChoice } from './base';
import { GateError } from './errors';
import { OWN_CHECKS } from './own-checks';
import { WARNING_RULES } from './rules';

export interface GateOptions {
  base: BaseChoice;
  /** Missing history (shallow clone, no HEAD~1, no origin/main, no git) skips the gate with exit 0. */
  ifHistory: boolean;
  help: boolean;
}

/** Environment variable with the base ref; CI sets it to the pull request's target branch. */
export const BASE_VARIABLE = 'BREAKING_BASE';

export const HELP = `Usage: npm run breaking -- [--base <git-ref> | --base-file <path>] [--if-history]

Compares the contract at a base (openapi/ of a git ref, or a spec file) with the working tree's
openapi/ and fails on every breaking change not declared in openapi/CHANGES.md.

  --base <git-ref>     base commit, branch or tag (default: $${BASE_VARIABLE}, else the merge base
                       with origin/main, else HEAD~1; on origin/main itself, HEAD~1)
  --base-file <path>   base contract file instead (bundled JSON/YAML or a split entry file)
  --if-history         when there is no history to compare with (shallow clone, no HEAD~1, no
                       origin/main, not a git repository), say so and exit 0 (for npm test)
  --help               this text

Output: one line per change: BREAKING | DECLARED | WARNING, the rule id, the place, old → new;
a change of a shared component is also listed at every other operation it reaches (also at …).
Rules: Redocly's diff rules (redocly diff, diff-recommended); warnings, not failures: ${Object.keys(WARNING_RULES).join(', ')}.
Own checks, for what Redocly misses:
${OWN_CHECKS.map((check) => `  ${check.id}: ${check.summary}`).join('\n')}
Declare an intended break as a row | rule | location | reason | under
"## Declared breaking changes" in openapi/CHANGES.md (location as printed, or a level above it,
such as schema WatchdogRequest).

Exit status: 0 no undeclared breaking change (or not run with --if-history), 1 undeclared
breaking change, 2 the gate could not run (bad ref, missing file, no history, bad CHANGES.md).`;

const refLike = (value: string) => value !== '' && !value.startsWith('-');

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): GateOptions {
  let values: { base?: string; 'base-file'?: string; 'if-history'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        base: { type: 'string' },
        'base-file': { type: 'string' },
        'if-history': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new GateError(`${error instanceof Error ? error.message : String(error)} (see --help)`);
  }
  if (values.base !== undefined && values['base-file'] !== undefined) throw new GateError('give --base or --base-file, not both');
  if (values.base !== undefined && !refLike(values.base)) throw new GateError(`--base needs a git ref, got '${values.base}'`);
  const fromEnv = env[BASE_VARIABLE]?.trim();
  const base: BaseChoice = values['base-file'] !== undefined
    ? { file: values['base-file'] }
    : values.base !== undefined
      ? { ref: values.base }
      : fromEnv && refLike(fromEnv)
        ? { ref: fromEnv }
        : 'default';
  return { base, ifHistory: values['if-history'] === true, help: values.help === true };
}
