// The comparison itself: Redocly's diff plus our own checks, judged against the declarations.
// Library entry of the gate (the CLI and the golden tests both call it).
import { judge } from './declared';
import type { Declaration, GateResult } from './findings';
import { fromRedocly } from './from-redocly';
import { runOwnChecks } from './own-checks';
import type { JsonObject } from './pointer';
import { redoclyDiff } from './redocly-diff';

export async function compareContracts(
  base: JsonObject,
  revision: JsonObject,
  declarations: Declaration[] = [],
): Promise<GateResult> {
  const report = await redoclyDiff(base, revision);
  const findings = [...fromRedocly(report, base, revision), ...runOwnChecks(base, revision)];
  return judge(findings, declarations);
}
