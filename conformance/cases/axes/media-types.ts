// The media type and its parameters as real clients write them: JSON labelled with a charset in
// the spellings libraries use (valid: the same media type, RFC 9110 §8.3.1), JSON labelled with
// another charset, in upper case or with its charset quoted (open: equivalent by RFC 9110 §5.6.6
// and §8.3.1, but the document shows one spelling, and many frameworks compare it as a string: a
// 415 is allowed), a form with jQuery's charset, a multipart body whose boundary is quoted (RFC
// 2046 allows it). Open cases: no 5xx, a 4xx in the published error shape, and a read that
// succeeds answers as the base does (phases/spellings.ts).
import type { Body, RequestSpec } from '../../engine/request';
import { proven } from '../classify';
import type { Axis } from './index';
import { takesBody } from './takes-body';
import { BOUNDARY, formPairs, multipartText } from './multipart';

/** JSON labels: the spelling, and whether the request stays valid under it. */
const JSON_LABELS: ReadonlyArray<[contentType: string, valid: boolean]> = [
  ['application/json; charset=UTF-8', true],
  ['application/json;charset=UTF-8', true],
  ['application/json; charset=iso-8859-1', false],
  ['Application/JSON', false],
  ['application/json; charset="utf-8"', false],
];

export const mediaTypes: Axis = {
  name: 'media type parameters',
  mock: true,
  spelling: true,
  cases(op, base) {
    const facts = (type: string) => takesBody(op, base, type);
    const fields = (base.body?.kind === 'json' ? base.body.value : {}) as Record<string, unknown>;
    const cases: RequestSpec[] = [];
    const add = (body: Body, label: string, valid: boolean) => {
      const spec: RequestSpec = { ...base, body, purpose: `${op}: ${label}` };
      cases.push({ ...spec, ...proven(spec, valid ? 'accept' : 'any') });
    };
    if (facts('application/json')) {
      for (const [contentType, valid] of JSON_LABELS) add({ kind: 'raw', contentType, text: JSON.stringify(fields) }, `the valid body labelled ${contentType}`, valid);
    }
    if (facts('application/x-www-form-urlencoded')) {
      add({ kind: 'raw', contentType: 'application/x-www-form-urlencoded; charset=UTF-8', text: new URLSearchParams(formPairs(fields)).toString() }, 'the body as a form labelled with charset=UTF-8 (as jQuery sends it)', false);
    }
    if (facts('multipart/form-data')) {
      const parts = formPairs(fields).map(([name, value]) => ({ name, value }));
      add({ kind: 'raw', contentType: `multipart/form-data; boundary="${BOUNDARY}"`, text: multipartText(parts) }, 'the body as multipart with a quoted boundary', false);
    }
    return cases;
  },
};
