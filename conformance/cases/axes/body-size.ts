// A body far over any bound: 1 MiB in the first bounded text field. Proven invalid (the field's
// maxLength), so any 4xx (413 included) is right; a 5xx or an acceptance is not.
import type { JsonSchema } from '../../contract/document';
import { jsonBody } from '../../contract/facts';
import { withProof } from '../requests';
import type { Axis } from './axis';

const MIB = 1024 * 1024;

export const bodySize: Axis = {
  name: 'body size',
  mock: true,
  cases(op, base) {
    const properties = (jsonBody(op)?.schema.properties ?? {}) as Record<string, JsonSchema>;
    const field = Object.entries(properties).find(([, schema]) => typeof schema.maxLength === 'number')?.[0];
    if (!field || base.body?.kind !== 'json') return [];
    const fields = { ...(base.body.value as Record<string, unknown>), [field]: 'x'.repeat(MIB) };
    return [withProof({ ...base, body: { kind: 'json', value: fields }, purpose: `${op}: a 1 MiB body (${field} of 1 MiB)` }, 'refuse')];
  },
};
