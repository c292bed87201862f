// `cmds-contract-kit/conformance`: the suite as a library. Build a RunConfig (or parse the
// CLI's arguments with parseOptions), run it or replay a failures file, and turn the results
// into the report the CLI writes. The rule catalog is exported for tools that list or judge rules.
export { runSuite, type SuiteOptions, type SuiteResult } from './suite';
export { replayFailures } from './replay';
export { RULES, ruleNamed } from './rules';
export type { Rule } from './rules/define';
export { parseOptions, newRunId, DEFAULT_BUDGET, UsageError, type Options } from './options';
export { loadConfigFile, CONFIG_FILE, type ConfigFile } from './config-file';
export { AREAS, type AreaName, type Finding, type KnownData, type Mode, type Outcome, type RunConfig } from './engine/types';
export { buildReport, type Report } from './report/model';
export { parseFailures, failuresFile, type FailuresFile } from './report/failures';
export { writeReports, REPORT_FILES } from './report/write';
export { renderConsole } from './report/console';
export { createRedactor, type Redactor } from './engine/redact';
export { probe, startMock, startSandbox, TargetError, type RunningServer } from './targets';
