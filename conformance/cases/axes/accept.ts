// The Accept header as widespread clients send it: curl, browsers' fetch and Python's requests
// `*/*`; axios `application/json, text/plain, */*`; jQuery's JSON requests, with q-values; Spring's
// RestTemplate, with a structured suffix. Each admits JSON, so the request is valid and the answer
// is the operation's JSON as published: a 406 or an HTML page fails. (A browser's navigation
// Accept prefers HTML: a browsable page is HTTP's content negotiation, not judged here.)
import { withProof } from '../requests';
import type { Axis } from './index';

const CLIENTS: ReadonlyArray<[accept: string, client: string]> = [
  ['*/*', 'curl, fetch and requests send it'],
  ['application/json, text/plain, */*', 'axios sends it'],
  ['application/json, text/javascript, */*; q=0.01', 'jQuery sends it, with q-values'],
  ['application/json, application/*+json', "Spring's RestTemplate sends it"],
];

export const acceptHeaders: Axis = {
  name: 'Accept as clients send it',
  mock: true,
  spelling: true,
  cases: (op, base) => CLIENTS.map(([accept, client]) => withProof({ ...base, headers: { ...base.headers, Accept: accept }, purpose: `${op}: Accept: ${accept} (as ${client})` }, 'accept')),
};
