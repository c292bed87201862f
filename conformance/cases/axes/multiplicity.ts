// A scalar query parameter given twice, as a form or a link may repeat it (`?page=1&page=2`).
// Which value a server keeps, or whether it refuses, is not published: no 5xx, and a 4xx in the
// published error shape. (Repeated parameters given once and many times: phases/data-spellings.ts.)
import { queryParameters } from '../../contract/facts';
import type { RequestSpec } from '../../engine/request';
import { proven } from '../classify';
import { samplesFor, type Sample } from '../values';
import type { Axis } from './axis';

export const multiplicity: Axis = {
  name: 'a scalar parameter given twice',
  mock: true,
  cases(op, base, ctx) {
    return queryParameters(op)
      .filter((p) => !p.repeated)
      .flatMap((p) => {
        // Values the contract does not refuse (a page past the end is open), short enough to read in a message.
        const samples = samplesFor(p.schema, p.name, ctx, { wire: true }).filter((s) => !Array.isArray(s.value));
        const usable = (intent: Sample['intent']) => [...new Set(samples.filter((s) => s.intent === intent).map((s) => String(s.value)))].filter((v) => v.trim() !== '' && v.length <= 64);
        const values = usable('accept').length ? usable('accept') : usable('any');
        const [first, second = first] = values;
        if (first === undefined) return [];
        const spec: RequestSpec = { ...base, query: [...(base.query ?? []), [p.name, first], [p.name, second!]], purpose: `${op}: ${p.name} given twice (${first}, ${second})` };
        return [{ ...spec, ...proven(spec, 'any') }];
      });
  },
};
