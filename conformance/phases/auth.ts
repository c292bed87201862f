// auth: on every operation, a valid request with each published credential form (as real
// clients send it, and with the scheme spelled as clients spell it), without credentials, with
// an empty and an unknown value in each form, a secret of the other kind in each form (the session
// id as a key, the key as a session), near misses of each of the run's secrets in each form of its
// kind (engine/near-miss.ts), and with the limited key on every watchdog write in every form that
// carries an API key, spelled as published and in lower case.
import type { OperationId } from '../../generated';
import { baseRequest, withProof } from '../cases/requests';
import { FACTS, OPERATION_IDS, WRITES } from '../contract/facts';
import { credentialForms, DEFAULT_SCHEME, secretValue, type CredentialForm, type CredentialRef, type SecretRef } from '../engine/credentials';
import { nearMissClass, nearMissesOf } from '../engine/near-miss';
import type { RequestSpec } from '../engine/request';
import { runsIn } from '../rules/define';
import { credentialFormAcceptedSomewhere, credentialsExact, credentialSpellingAccepted, forbiddenLimitedKey, unauthorizedInvalidCredentials } from '../rules/auth';
import { runTag } from '../runner/fixtures';
import type { Run } from '../runner/run';
import { allowed, caseContext, sendCase } from './context';
import type { Phase } from './phase';
import { settle } from '../engine/settle';

/** A form's scheme as clients spell it other than published (`bearer `): a header form with a prefix only. */
const spellingsOf = (form: CredentialForm) => (form.in === 'header' && form.prefix ? [form.prefix.toLowerCase()] : []);

const KIND: Record<SecretRef, string> = { token: 'the API key', limited: 'the limited key', session: 'the session id' };

/**
 * Every form with each secret of its kind the run has (the key and the limited key in the key
 * forms, the session id in the session forms), in the contract's order.
 */
function formSecrets(run: Run): Array<{ form: CredentialForm; secret: SecretRef }> {
  return credentialForms.flatMap((form) => (form.secret === 'API_KEY' ? (['token', 'limited'] as const) : (['session'] as const))
    .filter((secret) => secretValue(run.config, secret) !== undefined)
    .map((secret) => ({ form, secret })));
}

/**
 * The operation every near miss is tried on in every form: the first read by GET the config
 * does not exclude (the municipality list); every other operation gets one class per form and
 * secret, turning with the operation, so each class meets each form somewhere.
 */
const thorough = (run: Run) => {
  const open = OPERATION_IDS.filter((op) => !run.config.excluded?.includes(op));
  return open.find((op) => !FACTS[op].writes && FACTS[op].method === 'GET') ?? open[0];
};

/** Near misses of the run's secrets on `op`, each in a form of its kind (credentials_exact). */
function nearMissProbes(run: Run, op: OperationId, probe: (credential: CredentialRef, probe: RequestSpec['probe'], what: string) => RequestSpec): RequestSpec[] {
  const secrets = [run.config.token, run.config.limitedToken, run.config.sessionId];
  const turn = OPERATION_IDS.indexOf(op);
  return formSecrets(run).flatMap(({ form, secret }, i) => {
    const ids = nearMissesOf(secretValue(run.config, secret)!, secrets);
    const chosen = op === thorough(run) ? ids : ids.length ? [ids[(turn + i) % ids.length]!] : [];
    return chosen.map((id) => probe({ scheme: form.scheme, secret, nearMiss: id }, 'near-miss', `with ${KIND[secret]} ${nearMissClass(id).says} in the ${form.label} form`));
  });
}

async function probesOf(run: Run, op: OperationId): Promise<RequestSpec[]> {
  const ctx = await caseContext(run, op, 'auth');
  const valid = withProof(baseRequest(op, ctx, true), 'accept');
  const probe = (credential: CredentialRef, probe: RequestSpec['probe'], what: string): RequestSpec => ({
    ...valid,
    credential,
    probe,
    expect: undefined,
    purpose: `${op} ${what}`,
  });
  const specs = [probe('none', 'missing-credentials', 'without credentials')];
  if (runsIn(unauthorizedInvalidCredentials, run.config.mode) === true) {
    for (const form of credentialForms) {
      specs.push(probe({ scheme: form.scheme, literal: '' }, 'invalid-credentials', `with an empty value in the ${form.label} form`));
      specs.push(probe({ scheme: form.scheme, literal: `${runTag(run, 'unknown')}-key` }, 'invalid-credentials', `with an unknown value in the ${form.label} form`));
      // A secret of the other kind in this form: a session id is no API key, and a key no session
      // (a deployment that looks both up in one table takes it). Unless the user gave one value for both.
      const [own, crossed] = form.secret === 'API_KEY' ? (['token', 'session'] as const) : (['session', 'token'] as const);
      const value = secretValue(run.config, crossed);
      if (value !== undefined && value !== secretValue(run.config, own)) {
        specs.push(probe({ scheme: form.scheme, secret: crossed }, 'invalid-credentials', `with the ${crossed === 'token' ? 'API key' : 'session id'} in the ${form.label} form (a secret of the other kind)`));
      }
    }
  }
  for (const form of credentialForms) {
    const secret = form.secret === 'API_KEY' ? 'token' : 'session';
    if (secretValue(run.config, secret) === undefined) continue;
    specs.push(probe({ scheme: form.scheme, secret }, 'credential-form', `with the ${form.label} form`));
    if (runsIn(credentialSpellingAccepted, run.config.mode) !== true) continue;
    for (const spelling of spellingsOf(form)) specs.push(probe({ scheme: form.scheme, secret, spelling }, 'credential-spelling', `with the ${form.label} form spelled "${spelling.trim()}"`));
  }
  if (runsIn(credentialsExact, run.config.mode) === true) specs.push(...nearMissProbes(run, op, probe));
  if (WRITES.includes(op) && run.config.limitedToken && runsIn(forbiddenLimitedKey, run.config.mode) === true) {
    const resource = valid.resource;
    for (const form of credentialForms.filter((f) => f.secret === 'API_KEY')) {
      const published = form.scheme === DEFAULT_SCHEME ? '' : ` in the ${form.label} form`;
      specs.push({ ...probe({ scheme: form.scheme, secret: 'limited' }, 'limited-key', `with the limited key${published}`), resource });
      const [lower] = spellingsOf(form);
      if (lower) specs.push({ ...probe({ scheme: form.scheme, secret: 'limited', spelling: lower }, 'limited-key', `with the limited key in the ${form.label} form spelled "${lower.trim()}"`), resource });
    }
  }
  return specs;
}

export const auth: Phase = {
  area: 'auth',
  name: 'the credential forms, missing and wrong credentials, the limited key',
  async run(run) {
    if (!run.config.limitedToken) run.skip(forbiddenLimitedKey, WRITES, 'CONFORMANCE_LIMITED_TOKEN (--limited-token) not set');
    const specs = (await settle(OPERATION_IDS.map((op) => probesOf(run, op)))).flat().filter((spec) => allowed(run, spec));
    const exchanges = await settle(specs.map(async (spec) => ({ spec, x: await sendCase(run, spec) })));
    for (const form of credentialForms) {
      const answers = exchanges
        .filter(({ spec, x }) => x && spec.probe === 'credential-form' && spec.credential !== 'none' && spec.credential?.scheme === form.scheme)
        .map(({ spec, x }) => ({ operationId: spec.operationId, status: x!.status }));
      if (answers.length === 0) run.skip(credentialFormAcceptedSomewhere, ['-'], `${form.label}: no secret for this form (CONFORMANCE_SESSION_ID not set)`);
      else run.judge(credentialFormAcceptedSomewhere, { scheme: form.scheme, answers }, '-');
    }
  },
};
