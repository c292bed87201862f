// auth: 401 without and with invalid credentials on every operation, 403 for the limited key on
// every watchdog write, and each of the five credential forms accepted.
import { credentialAccepted, forbiddenOnUnknown, refusedWith } from '../checks/auth';
import { CREDENTIAL_FORMS } from '../engine/credentials';
import type { Run } from '../engine/run';
import { ALL_OPERATIONS, ruleSpec, WATCHDOG_WRITES } from '../engine/rules';
import type { Area } from '../engine/scenario';
import { skip } from '../engine/types';
import { fixtureWatchdog, PROMPT, validRequest, watchdogName } from '../engine/watchdogs';

async function withoutCredentials(run: Run): Promise<void> {
  const target = await fixtureWatchdog(run);
  await Promise.all(
    ALL_OPERATIONS.map(async (op) => {
      const x = await run.send({ ...validRequest(op, target, run), credential: 'none', purpose: 'request without credentials' });
      run.judge('unauthorized_without_credentials', x, refusedWith(x, 401, 'unauthorized', 'without credentials'));
    }),
  );
}

async function invalidCredentials(run: Run): Promise<void> {
  if (run.config.mode === 'mock') return run.skip('unauthorized_invalid_credentials', ALL_OPERATIONS, `mock mode: ${ruleSpec('unauthorized_invalid_credentials').mock.note}`);
  const target = await fixtureWatchdog(run);
  const invalid = { form: 'bearer' as const, value: `conformance-invalid-${run.config.runId}` };
  await Promise.all(
    ALL_OPERATIONS.map(async (op) => {
      const x = await run.send({ ...validRequest(op, target, run), credential: invalid, purpose: 'request with an invalid API key' });
      run.judge('unauthorized_invalid_credentials', x, refusedWith(x, 401, 'unauthorized', 'an invalid API key'));
    }),
  );
}

async function limitedKey(run: Run): Promise<void> {
  const rule = 'forbidden_limited_key';
  if (run.config.mode === 'mock') return run.skip(rule, WATCHDOG_WRITES, `mock mode: ${ruleSpec(rule).mock.note}`);
  const key = run.config.limitedToken;
  if (!key) return run.skip(rule, WATCHDOG_WRITES, 'CONFORMANCE_LIMITED_TOKEN (--limited-token) not set');
  const target = await fixtureWatchdog(run);
  await Promise.all(
    WATCHDOG_WRITES.map(async (op) => {
      const request = validRequest(op, target, run);
      if (op === 'watchdogsCreate') request.body = { kind: 'json', value: { name: watchdogName(run, 'limited'), prompt: PROMPT } };
      const x = await run.send({ ...request, credential: { form: 'bearer', value: key }, purpose: 'watchdog write with the limited key' });
      const what = 'the limited key';
      run.judge(rule, x, op === 'watchdogsCreate' || target.real ? refusedWith(x, 403, 'forbidden', what) : forbiddenOnUnknown(x, what));
    }),
  );
}

async function credentialForms(run: Run): Promise<void> {
  const op = 'municipalitiesList';
  const session = run.config.mode === 'mock' ? (run.config.sessionId ?? 'conformance-mock-session') : run.config.sessionId;
  await Promise.all(
    CREDENTIAL_FORMS.map(async (form) => {
      const value = form.secret === 'token' ? run.config.token : session;
      if (!value) return run.record('credential_form_accepted', op, skip(`${form.label}: CONFORMANCE_SESSION_ID (--session-id) not set`));
      const x = await run.send({ operationId: op, credential: { form: form.name, value }, purpose: `credential form ${form.label}`, expectSuccess: true });
      run.judge('credential_form_accepted', x, credentialAccepted(x, form.label));
    }),
  );
}

export const auth: Area = {
  name: 'auth',
  scenarios: [
    { name: '401 without credentials', run: withoutCredentials },
    { name: '401 with an invalid key', run: invalidCredentials },
    { name: '403 for the limited key', run: limitedKey },
    { name: 'the five credential forms', run: credentialForms },
  ],
};
