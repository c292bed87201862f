// `conformance strength --help`: loadable without any optional peer (the dispatcher prints it
// before it checks for fast-check), so it imports nothing of the suite.
import { FAULT_TABLES } from './tables';

export const HELP = `Usage: npx conformance strength [options]           (or: npx contract-kit strength, npm run strength -- [options])

Measures the suite, not a deployment: plants each realistic bug of the kit's fault tables, one at
a time, in the sandbox (in-process, a fresh one per fault), runs the suite against it with your
settings, and prints how many of the faults it catches and which it misses — each miss with the
rule × operation that should have caught it and, where the run tells, why it did not (the
operation excluded, the rule's area not selected, writes off, the budget spent before a phase
ended, a skip reason). So a team that excludes operations or lowers the budget sees what it gives
up. Tables: ${Object.entries(FAULT_TABLES).map(([name, cases]) => `${name} (${cases.length})`).join(', ')}.

Your settings are read as the suite reads them (a flag, then its variable, then the config file):
what selects and sizes a run applies — operations (include/exclude), only, budget, maxPages,
writes; what describes your deployment (baseUrl, publicBaseUrl, headers, companies, tags, search,
rateLimit, patience, timeout) is ignored, with one line saying so: the target is the sandbox.

Exit status 0 when the table printed (whatever it caught; with --min-caught, 1 below it), 2 for a
usage error or a mistake in the config file.

Options:
  --config <file>      CONFORMANCE_CONFIG      the suite's config file (default conformance.config.json
                                               in the working directory, when there is one)
  --only <areas>       CONFORMANCE_ONLY        areas to run, comma-separated or repeated:
                                               responses inputs lists filters auth lifecycle fuzz
  --budget <n>         CONFORMANCE_BUDGET      requests each run may send (default: the suite's live default)
  --max-pages <n>      CONFORMANCE_MAX_PAGES   pages a filtered walk follows (default 5)
  --writes, --no-writes CONFORMANCE_WRITES     whether the runs create and change watchdogs (default
                                               on here; a live run of the suite writes only when told)
  --seed <n>                                   the seed of every run (default fixed, printed: runs compare)
  --table <name>                               only these tables (repeatable or comma-separated)
  --fault <text>                               only faults whose name contains the text (repeatable)
  --jobs <n>                                   faults judged side by side, each in a process of its own
                                               (default: the machine's cores; 1 runs them in this process)
  --json                                       print the results as JSON instead of the table
  --report <dir>                               also write <dir>/strength.json and <dir>/strength.md
  --min-caught <n|p%>                          exit 1 when fewer faults than this are caught (a CI gate)
  --quiet, -q                                  no line per fault on stderr
  --help, -h`;
