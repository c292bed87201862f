// A scalar query parameter given twice, as a form or a link may repeat it (`?page=1&page=2`).
// Which value a server keeps, or whether it refuses, is not published: no 5xx, and a 4xx in the
// published error shape. (Repeated parameters given once and many times: phases/data-spellings.ts.)
import { queryParameters } from '../../contract/facts';
import type { RequestSpec } from '../../engine/request';
import { proven } from '../classify';
import { samplesFor } from '../values';
import type { Axis } from './index';

export const multiplicity: Axis = {
  name: 'a scalar parameter given twice',
  cases(op, base, ctx) {
    return queryParameters(op)
      .filter((p) => !p.repeated)
      .flatMap((p) => {
        const valid = [...new Set(samplesFor(p.schema, p.name, ctx, { wire: true }).filter((s) => s.intent === 'accept' && !Array.isArray(s.value)).map((s) => String(s.value)))];
        const [first, second = first] = valid.filter((v) => v.trim() !== '');
        if (first === undefined) return [];
        const spec: RequestSpec = { ...base, query: [...(base.query ?? []), [p.name, first], [p.name, second!]], purpose: `${op}: ${p.name} given twice (${first}, ${second})` };
        return [{ ...spec, ...proven(spec, 'any') }];
      });
  },
};
