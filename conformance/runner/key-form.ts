// Which published form the run sends its key in where a case names none: the first published
// (Bearer), unless the deployment refuses the key there and takes it in another. A key one
// published form takes is valid; the form that refused it is a finding of the auth area, which
// tries every form on every operation either way — so a refusal is reported, not a reason to stop.
import { FACTS, LISTS } from '../contract/facts';
import { credentialForms, DEFAULT_SCHEME } from '../engine/credentials';
import { refusesCredential } from '../rules/auth';
import { listRequest } from './fixtures';
import type { Run } from './run';

/** The forms that carry an API key, the run's default first. */
export const KEY_FORMS = credentialForms.filter((form) => form.secret === 'API_KEY').sort((a, b) => Number(b.scheme === DEFAULT_SCHEME) - Number(a.scheme === DEFAULT_SCHEME));

/** Settles `config.keyScheme` in live mode (given already, it stays): one request, one more per form that refuses. */
export async function settleKeyScheme(run: Run): Promise<void> {
  const read = LISTS.find((op) => !FACTS[op].writes && !run.config.excluded?.includes(op));
  if (run.config.mode !== 'live' || run.config.keyScheme || !read) return;
  for (const form of KEY_FORMS) {
    const { expect: _expect, ...spec } = listRequest(read);
    // Judged as what it is: a published form sent on an operation (credential_form_accepted).
    const x = await run.send({ ...spec, credential: { scheme: form.scheme, secret: 'token' }, probe: 'credential-form', purpose: `${read} with the key in the ${form.label} form (which form the run sends it in)` }).catch(() => undefined);
    if (x && !refusesCredential(x.status)) {
      run.config.keyScheme = form.scheme;
      return;
    }
  }
}
