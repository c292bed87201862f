// Before any case: is this the deployment and are these the credentials the user meant? A set-up
// mistake (a base URL that already holds the API prefix, a key or session no published form takes,
// writes on with a key that may not write) is one line naming it, never a FAIL of the deployment.
// A secret one form takes is valid: a form that refuses it is the auth rules' to report.
import { operations, type CredentialScheme, type OperationId } from '../generated';
import { credentialForms, type CredentialRef, type SecretRef } from './engine/credentials';
import { headerRecord, isObject, isSuccess, type RequestSpec } from './engine/request';
import { retryWaitMs } from './engine/pace';
import { RUN_HEADER, type FetchLike } from './engine/transport';
import type { RunConfig } from './engine/types';
import { toWire } from './engine/wire';
import { probe } from './targets';

/** The path every published operation starts with (`/api/v1`), read from the contract. */
export const API_PREFIX = (() => {
  const paths = Object.values(operations).map((op) => op.path.split('/').filter(Boolean));
  const common: string[] = [];
  for (const [i, segment] of paths[0]!.entries()) {
    if (!paths.every((p) => p[i] === segment) || i === paths[0]!.length - 1) break;
    common.push(segment);
  }
  return `/${common.join('/')}`;
})();

/** Where each secret comes from, as the user set it. */
const SOURCE: Record<SecretRef, string> = {
  token: 'CONFORMANCE_TOKEN (--token)',
  limited: 'CONFORMANCE_LIMITED_TOKEN (--limited-token)',
  session: 'CONFORMANCE_SESSION_ID (--session-id)',
};

const READ: OperationId = 'municipalitiesList';
const WRITE: OperationId = 'watchdogsCreate';
/** A 429 is waited out (per Retry-After) this often before preflight gives up judging the answer. */
const RATE_LIMIT_WAITS = 6;

/** A base URL that already ends in the API prefix would send every request to /api/v1/api/v1/…. */
export function baseUrlProblem(baseUrl: string): string | undefined {
  const pathname = new URL(baseUrl).pathname.replace(/\/+$/, '');
  if (!pathname.endsWith(API_PREFIX)) return undefined;
  const suggested = baseUrl.replace(/\/+$/, '').slice(0, -API_PREFIX.length);
  return `the base URL ${baseUrl} already ends in ${API_PREFIX}; give the published {base_url} without it (${suggested || 'its origin'}): request paths start ${API_PREFIX}/`;
}

interface Answer {
  status: number;
  json?: unknown;
}

async function ask(config: RunConfig, fetchImpl: FetchLike, spec: RequestSpec): Promise<Answer | undefined> {
  const wire = toWire(spec, config);
  wire.headers[RUN_HEADER] = config.runId;
  for (let waits = 0; ; waits += 1) {
    const response = await fetchImpl(new Request(wire.url, { method: wire.method, headers: wire.headers, body: wire.body, redirect: 'manual', signal: AbortSignal.timeout(config.timeoutMs) }));
    const text = await response.text().catch(() => '');
    if (response.status !== 429) return { status: response.status, json: parseJson(text) };
    // A rate-limited deployment is not a set-up mistake: wait, and leave the verdict to the run.
    if (waits >= RATE_LIMIT_WAITS) return undefined;
    const waitMs = Math.min(retryWaitMs(headerRecord(response.headers), waits), config.rate.patienceMs);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const refused = (answer: Answer | undefined) => answer !== undefined && (answer.status === 401 || answer.status === 403);

/** Every published form a secret can go in: the run's default form first (credentialForms' order). */
function formsFor(secret: SecretRef): Array<CredentialRef & { scheme: CredentialScheme }> {
  return credentialForms.filter((form) => form.secret === (secret === 'session' ? 'SESSION_ID' : 'API_KEY')).map((form) => ({ scheme: form.scheme, secret }));
}

/**
 * Each problem as one line (empty: go ahead). Mock mode checks only that the mock answers: Prism
 * checks that a credential is present, never its value.
 */
export async function preflight(config: RunConfig, fetchImpl: FetchLike = (request) => fetch(request)): Promise<string[]> {
  const base = baseUrlProblem(config.baseUrl);
  if (base) return [base];
  await probe(config.baseUrl, config.runId, config.timeoutMs);
  if (config.mode === 'mock') return [];
  const problems: string[] = [];
  const given: SecretRef[] = ['token', ...(config.limitedToken ? ['limited' as const] : []), ...(config.sessionId ? ['session' as const] : [])];
  /** The form that took the full key. */
  let keyForm: CredentialRef | undefined;
  for (const secret of given) {
    // Each published form in turn, until one takes the secret: refused only when none does.
    const answers = [];
    for (const credential of formsFor(secret)) {
      const answer = await ask(config, fetchImpl, { operationId: READ, purpose: 'preflight: read the municipality list', credential });
      answers.push({ credential, answer });
      if (!refused(answer)) break;
    }
    if (answers.every(({ answer }) => refused(answer))) {
      const statuses = [...new Set(answers.map(({ answer }) => answer!.status))].join('/');
      const forms = answers.map(({ credential }) => credentialForms.find((form) => form.scheme === credential.scheme)!.label).join(', ');
      problems.push(`${SOURCE[secret]} was refused (${statuses}) on GET ${operations[READ].path} in every published form (${forms}): check the value (a valid key or session of this deployment)`);
    } else if (secret === 'token') keyForm = answers[answers.length - 1]!.credential;
  }
  if (config.writes && keyForm) {
    // A body the contract refuses (no fields): a correct deployment writes nothing and answers 400,
    // or 401/403 when the key may not write at all. In the form that took the key.
    const answer = await ask(config, fetchImpl, { operationId: WRITE, purpose: 'preflight: may the key write?', body: { kind: 'json', value: {} }, credential: keyForm });
    const created = answer && isSuccess(answer.status) && isObject(answer.json) && typeof answer.json.uuid === 'string' ? answer.json.uuid : undefined;
    if (created) {
      // A deployment that created a watchdog from an empty body (a bug the run reports): not left active.
      await ask(config, fetchImpl, { operationId: 'watchdogsDeactivate', purpose: 'preflight: clean-up', params: { uuid: created }, body: { kind: 'json', value: { name: `conformance-${config.runId}-preflight`, prompt: 'created by the preflight from an empty body' } }, credential: keyForm });
    }
    if (refused(answer)) {
      problems.push(`${SOURCE.token} was refused a watchdog write (${answer!.status} on ${operations[WRITE].method.toUpperCase()} ${operations[WRITE].path}) but writes are on (--writes / CONFORMANCE_WRITES=1): give a full-permission key, or run read-only`);
    }
  }
  return problems;
}
