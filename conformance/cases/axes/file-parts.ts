// A multipart body whose text field comes as a file part (`filename=`), as a browser sends a
// field filled from a file picker or a client that attaches every value. RFC 7578 §4.2 makes such
// a part a file; whether a deployment reads a file as the text field the contract declares is not
// published: a 4xx or a correct answer, never a 5xx (a view that reads the field from the form
// fields and finds it among the files).
import type { RequestSpec } from '../../engine/request';
import { proven } from '../classify';
import type { Axis } from './axis';
import { takesBody } from '../takes-body';
import { BOUNDARY, formPairs, multipartText } from '../multipart';

export const fileParts: Axis = {
  name: 'a text field sent as a file part',
  mock: true,
  cases(op, base) {
    if (!takesBody(op, base, 'multipart/form-data')) return [];
    const pairs = formPairs(base.body.value as Record<string, unknown>);
    return pairs.slice(0, 1).map(([field]) => {
      const parts = pairs.map(([name, value]) => ({ name, value, ...(name === field && { filename: `${name}.txt` }) }));
      const spec: RequestSpec = { ...base, body: { kind: 'raw', contentType: `multipart/form-data; boundary=${BOUNDARY}`, text: multipartText(parts) }, purpose: `${op}: multipart with ${field} as a file part (filename=)` };
      return { ...spec, ...proven(spec, 'any') };
    });
  },
};
