// Before any case: is this the deployment and are these the credentials the user meant? A set-up
// mistake (a base URL that already holds the API prefix, a key or session no published form takes,
// writes on with a key that may not write) or a target that is not the API (an HTML page, a
// redirect, an answer past --max-body, no answer) is one line naming it, never a FAIL of the
// deployment. A secret one form takes is valid: a form that refuses it is the auth rules' to report.
// An answer that is not JSON where the target answers JSON elsewhere is the API's, broken: the
// run goes on and its rules fail it (json_answer).
import { operations, type CredentialScheme, type OperationId } from '../generated';
import { requiredQuery } from './cases/required';
import { FACTS, LISTS } from './contract/facts';
import { credentialForms, type CredentialRef, type SecretRef } from './engine/credentials';
import { headerRecord, isObject, isSuccess, type RequestSpec } from './engine/request';
import { retryWaitMs } from './engine/pace';
import { networkProblem } from './engine/network-errors';
import { BodyTooLarge, DEFAULT_MAX_BODY_BYTES, readCapped } from './engine/read-body';
import { signalledRequest } from './engine/request-signal';
import { RUN_HEADER, type FetchLike } from './engine/transport';
import type { RunConfig } from './engine/types';
import { toWire } from './engine/wire';
import { probe, TargetError } from './targets';

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

/** The list every credential reads: the first list read with GET (the municipality list), with its required query parameters. */
const READ: OperationId = LISTS.find((op) => FACTS[op].method === 'GET') ?? LISTS[0]!;
const READ_QUERY = requiredQuery(READ).flatMap((f) => f.values.map((v) => [f.name, v] as [string, string]));
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
  /** Why the body is not JSON, when it is not. */
  notJson?: string;
  /** The media type without parameters, lower case; '' when absent. */
  mediaType: string;
  location?: string;
}

/** One request of the preflight; no answer (or one past --max-body) is a TargetError naming why. */
async function ask(config: RunConfig, fetchImpl: FetchLike, spec: RequestSpec): Promise<Answer | undefined> {
  const wire = toWire(spec, config);
  wire.headers[RUN_HEADER] = config.runId;
  const where = `${wire.method} ${new URL(wire.url).pathname}`;
  for (let waits = 0; ; waits += 1) {
    let response: Response;
    let text: string;
    const { request, done } = signalledRequest(wire.url, { method: wire.method, headers: wire.headers, body: wire.body, redirect: 'manual' }, config.timeoutMs);
    try {
      response = await fetchImpl(request);
      text = new TextDecoder().decode(await readCapped(response, config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES));
    } catch (error) {
      if (error instanceof BodyTooLarge) throw new TargetError(`${where}: ${error.message}; raise --max-body if the deployment really answers this much`);
      throw new TargetError(`${where}: ${networkProblem(error, config.timeoutMs)}`);
    } finally {
      done();
    }
    const headers = headerRecord(response.headers);
    if (response.status !== 429) return { status: response.status, ...parseJson(text), mediaType: (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(), location: headers.location };
    // A rate-limited deployment is not a set-up mistake: wait, and leave the verdict to the run.
    if (waits >= RATE_LIMIT_WAITS) return undefined;
    const waitMs = Math.min(retryWaitMs(headers, waits), config.rate.patienceMs);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

function parseJson(text: string): Pick<Answer, 'json' | 'notJson'> {
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    return { notJson: text === '' ? 'an empty body' : (error as Error).message };
  }
}

/**
 * Whether the answer comes from the API at all: a redirect (the published paths are answered
 * directly), a body that is not JSON (an HTML page of a proxy, a single-page app's fallback) or
 * JSON cut short is one line instead of a rule failure per request.
 */
function notTheApi(answer: Answer, where: string): string | undefined {
  if (answer.status >= 300 && answer.status < 400) {
    return `${where} redirects (${answer.status}) to ${answer.location ?? '(no Location)'}: the published paths are answered directly; give the base URL the deployment answers at`;
  }
  if (answer.notJson === undefined) return undefined;
  if (answer.mediaType === 'application/json' || answer.mediaType.endsWith('+json')) {
    return `${where} answered ${answer.status} ${answer.mediaType} that does not parse as JSON (${answer.notJson}): a truncated or broken answer; every case would fail on it`;
  }
  return `this is not the API: ${where} answered ${answer.status} ${answer.mediaType || 'without a Content-Type'}, not JSON; check the base URL (the published {base_url}, under which ${API_PREFIX}/ answers JSON)`;
}

const isRedirect = (answer: Answer | undefined) => answer !== undefined && answer.status >= 300 && answer.status < 400;

/**
 * Whether the target is the API after all, its key's read aside: the same read without
 * credentials answers JSON (the published 401). Then a body that is not JSON (JSON cut short or
 * with something after it, an error page for one read) is the deployment's failure, for the run
 * to report; an HTML page or broken JSON everywhere (a single-page app, a proxy) is no API.
 */
async function answersJsonElsewhere(config: RunConfig, fetchImpl: FetchLike): Promise<boolean> {
  const answer = await ask(config, fetchImpl, { operationId: READ, purpose: 'preflight: is the target the API?', credential: 'none' });
  return answer !== undefined && !isRedirect(answer) && isObject(answer.json);
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
      const answer = await ask(config, fetchImpl, { operationId: READ, purpose: `preflight: read ${READ}`, ...(READ_QUERY.length && { query: READ_QUERY }), credential });
      // The key's read is the API's own answer; how another secret is refused is the run's to judge.
      const wrong = secret === 'token' && answer && notTheApi(answer, `GET ${operations[READ].path}`);
      if (wrong && (isRedirect(answer) || !(await answersJsonElsewhere(config, fetchImpl)))) return [wrong];
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
