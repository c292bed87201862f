// The Accept header as widespread clients send it: curl's `*/*` (axios' `application/json,
// text/plain, */*` names JSON first, as the suite's own does). It admits JSON, so the answer is
// the operation's JSON as published.
import { withProof } from '../requests';
import type { Axis } from './index';

const CLIENTS: ReadonlyArray<[accept: string, client: string]> = [
  ['*/*', 'curl'],
];

export const acceptHeaders: Axis = {
  name: 'Accept as clients send it',
  mock: true,
  cases: (op, base) => CLIENTS.map(([accept, client]) => withProof({ ...base, headers: { ...base.headers, Accept: accept }, purpose: `${op}: Accept: ${accept} (as ${client} sends it)` }, 'accept')),
};
