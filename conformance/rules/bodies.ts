// What an answer's body says, beyond its shape: it is one JSON text, as the contract declares
// every body it publishes (RFC 8259), and the strings of an error body mean something — the
// message is not blank, and the code names the condition (the contract's `x-string-role`).
import { ERROR_STRINGS, PUBLISHED_CODES, type StringRole } from '../contract/error-strings';
import { OPERATION_IDS } from '../contract/facts';
import { jsonTextProblem } from '../engine/json-text';
import { isClientError, isObject, isSuccess, type Exchange } from '../engine/request';
import { fail, pass, warn, type Verdict } from '../engine/types';
import { defineRule } from './define';
import { hasJudgedBody, isRateLimit } from './responses';

/** Blank to a reader: nothing but white space and invisible format characters. */
const BLANK = /^[\s\u200b-\u200d\u2060\ufeff]*$/u;
const ROLE: Record<StringRole, string> = { message: 'the human-readable message', code: 'the machine-readable code' };

export const jsonAnswer = defineRule<Exchange>({
  name: 'json_answer',
  answerOnly: true,
  area: 'responses',
  summary: 'every 4xx, and every 2xx with a body, is one JSON text (RFC 8259): it parses whole, nothing before or after it, no byte-order mark (§8.1) — whatever it is labelled (the label is content_type_json\'s)',
  operations: OPERATION_IDS,
  mock: true,
  check: (x) => {
    const applies = isClientError(x.status) || (isSuccess(x.status) && x.text.length > 0);
    if (!applies || !hasJudgedBody(x)) return undefined;
    const problem = jsonTextProblem(x.text);
    if (problem === undefined) return pass(`${x.status} JSON`);
    const message = `${x.status} ${x.mediaType || 'without a Content-Type'}: ${problem}; the body begins ${JSON.stringify(x.text.slice(0, 80))}`;
    return isRateLimit(x) ? warn(`${message} (rate-limit responses are not published)`) : fail(message, { received: x.text.slice(0, 120), expected: 'a JSON text (RFC 8259)' });
  },
});

/** What the code of an error body must be, where the contract says: undefined where it is silent. */
function codeVerdict(x: Exchange, code: string): Verdict | undefined {
  const published = PUBLISHED_CODES.get(x.status);
  const detail = { received: code, expected: published };
  if (published !== undefined && code !== published) {
    const message = `${x.status} with code "${code.slice(0, 60)}"; the document publishes "${published}" for ${x.status}`;
    // Every 401 is the published condition (RFC 9110 §15.5.2: no valid credentials); a 403 may refuse for a reason the document does not show.
    return x.status === 401 || x.spec.probe === 'limited-key' ? fail(message, detail) : warn(`${message} (a 403 for a condition the document does not show may carry another code)`, detail);
  }
  const other = [...PUBLISHED_CODES].find(([status, value]) => value === code && status !== x.status);
  if (other) return fail(`${x.status} with code "${code}", which the document publishes for ${other[0]} (${other[1]}): the code names another condition`, { received: code, expected: `not "${other[1]}"` });
  if (published === undefined && (/^\d+$/.test(code) || /\s/.test(code.trim()))) {
    return warn(`${x.status} with code "${code.slice(0, 60)}", which reads as ${/^\d+$/.test(code) ? 'a number' : 'words'}, not a code naming the condition (the codes beyond ${[...PUBLISHED_CODES.values()].join(', ')} are not published)`, { received: code });
  }
  return undefined;
}

export const errorStringsMeaningful = defineRule<Exchange>({
  name: 'error_strings_meaningful',
  answerOnly: true,
  area: 'responses',
  summary: 'in every 4xx body, the strings the contract calls a message and a code (`x-string-role`: `error`, `code`) are not blank, and the code names the condition: the published code of its status (401 `unauthorized`; a 403\'s other code warns), never a code the document publishes for another status (a code that reads as a number or words only warns: the other codes are not published)',
  operations: OPERATION_IDS,
  mock: true,
  check: (x) => {
    if (!isClientError(x.status) || !hasJudgedBody(x) || !isObject(x.json)) return undefined;
    const verdicts: Verdict[] = [];
    for (const { field, role } of ERROR_STRINGS) {
      const value = x.json[field];
      // Absent or not a string: error_body_shape's.
      if (typeof value !== 'string') continue;
      if (BLANK.test(value)) {
        const message = `${x.status} with "${field}" ${value === '' ? 'empty' : `blank (${JSON.stringify(value)})`}: the contract's ${field} is ${ROLE[role]}, which names nothing when blank`;
        verdicts.push(isRateLimit(x) ? warn(`${message} (rate-limit responses are not published)`) : fail(message, { received: value, expected: `${ROLE[role]}, not blank` }));
      } else if (role === 'code') {
        const verdict = codeVerdict(x, value);
        if (verdict) verdicts.push(verdict);
      }
    }
    const worst = verdicts.find((v) => v.outcome === 'fail') ?? verdicts[0];
    if (!worst) return pass(`${x.status} ${ERROR_STRINGS.map(({ field }) => field).join(' and ')} mean something`);
    return verdicts.length > 1 ? { ...worst, message: verdicts.map((v) => v.message).join('; ') } : worst;
  },
});

/** The rules of this file, in report order; each judges one exchange. */
export const BODY_RULES = [jsonAnswer, errorStringsMeaningful];
