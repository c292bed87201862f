// The media type and its parameters as real clients write them: JSON labelled with a charset in
// the spellings libraries use (valid: the same media type, RFC 9110 §8.3.1), JSON labelled with
// another charset or in upper case (open: a 415 is allowed), a form with jQuery's charset, a
// multipart body whose boundary is quoted (RFC 2046 allows it). Open cases: no 5xx, and a 4xx in
// the published error shape.
import { FACTS } from '../../contract/facts';
import type { Body, RequestSpec } from '../../engine/request';
import { proven } from '../classify';
import type { Axis } from './index';

/** JSON labels: the spelling, and whether the request stays valid under it. */
const JSON_LABELS: ReadonlyArray<[contentType: string, valid: boolean]> = [
  ['application/json; charset=UTF-8', true],
  ['application/json;charset=UTF-8', true],
  ['application/json; charset=iso-8859-1', false],
  ['Application/JSON', false],
];

const BOUNDARY = 'conformance.boundary+1';

/** The fields of a body as form pairs (arrays as repeated fields). */
const pairs = (fields: Record<string, unknown>): Array<[string, string]> =>
  Object.entries(fields).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => [name, String(v)] as [string, string]) : [[name, String(value)] as [string, string]]));

function multipart(fields: Array<[string, string]>): string {
  const parts = fields.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

export const mediaTypes: Axis = {
  name: 'media type parameters',
  mock: true,
  cases(op, base) {
    const facts = (type: string) => base.body?.kind === 'json' && FACTS[op].bodies.some((b) => b.mediaType === type);
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
      add({ kind: 'raw', contentType: 'application/x-www-form-urlencoded; charset=UTF-8', text: new URLSearchParams(pairs(fields)).toString() }, 'the body as a form labelled with charset=UTF-8 (as jQuery sends it)', false);
    }
    if (facts('multipart/form-data')) {
      add({ kind: 'raw', contentType: `multipart/form-data; boundary="${BOUNDARY}"`, text: multipart(pairs(fields)) }, 'the body as multipart with a quoted boundary', false);
    }
    return cases;
  },
};
