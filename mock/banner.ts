// What `npm start` prints once the mock is ready: where it is, how to authenticate, how to
// force errors and examples, and where the API reference is.
import { operations, type OperationId } from '../generated';
import { serverBanner } from '../protocol/banner';
import { DEMO_CREDENTIALS } from '../protocol/demo-credentials';
import { publishedError } from '../protocol/errors';
import { credentialForms, curlLine, EXAMPLE_SECRETS } from './credentials';
import type { ContractExamples } from './examples';
import { successStatus } from './examples';

/** The line the conformance suite and scripts wait for; keep its prefix stable. */
export const READY_PREFIX = 'Mock listening on ';

export interface BannerFacts {
  url: string;
  docsBuilt: boolean;
  examples: ContractExamples;
}

export function banner({ url, docsBuilt, examples }: BannerFacts): string {
  const list = `${url}/api/v1/municipalities/`;
  const auth = `-H 'Authorization: Bearer ${EXAMPLE_SECRETS.API_KEY}'`;
  const names = (Object.keys(operations) as OperationId[]).map((id) => {
    const status = successStatus(id);
    return `  ${id} (${status}): ${examples.responseNames(id, status).join(', ')}`;
  });
  return serverBanner({
    ready: `${READY_PREFIX}${url}`,
    facts: [
      ['Base URL', `${url}  (every path starts with /api/v1/)`],
      ['Reference', docsBuilt ? `${url}/docs/` : `not built; run \`npm run docs\`, then open ${url}/docs/`],
      ['State', 'none: for filtering, stored watchdogs and real pagination use `contract-kit sandbox` (see mock/README.md)'],
    ],
    sections: [
      {
        title: "Credentials (the kit's demo credentials, as the sandbox's):",
        lines: [
          `full key ${DEMO_CREDENTIALS.token}, limited key ${DEMO_CREDENTIALS.readonlyToken}, session ${DEMO_CREDENTIALS.sessionId}; the mock takes any non-empty value and checks no rights (403 only with Prefer: code=403)`,
          ...credentialForms.map((form) => `${form.label.padEnd(17)} ${curlLine(form, list)}`),
          `Without one: 401 ${JSON.stringify(publishedError('401'))}`,
        ],
      },
      {
        title: 'Faults and examples with the Prefer header:',
        lines: [
          `curl ${auth} -H 'Prefer: code=403' ${list}          # published 403 body`,
          `curl ${auth} -H 'Prefer: example=ch-valais' ${list} # a named example`,
          `curl ${auth} -H 'Prefer: dynamic=true, seed=7' ${list} # generated from the schema`,
          `curl ${auth} -H 'Prefer: code=503' ${list}          # an error status the operation does not declare (429 gets Retry-After)`,
          `curl ${auth} -H 'Prefer: delay=300' ${list}         # 300 ms late`,
          'Named success examples:',
          ...names,
        ],
      },
    ],
  }).join('\n');
}
