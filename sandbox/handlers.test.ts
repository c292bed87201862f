// Every operation of the document has a handler in the sandbox (its own, or the generic retrieve of
// a resource a list serves): this test fails, naming them, while any lacks one. Until then such an
// operation answers 501 with the published error body naming it, never "500 sandbox bug".
import { operations, type OperationId } from '../generated';
import { createApp } from './core/app';
import { createAuthenticator, DEFAULT_CREDENTIALS } from './core/auth';
import { createFaultPlan } from './core/faults';
import { handlerFor } from './core/handlers';
import { DEFAULT_LIMITS } from './core/limits';
import { createState } from './core/state';

test('every operation of the contract has a handler (sandbox/core/handlers/index.ts)', () => {
  const missing = (Object.keys(operations) as OperationId[]).filter((id) => handlerFor(id) === undefined);
  expect(missing).toEqual([]);
});

test('an operation without a handler answers 501 not_implemented, naming it, in the published error body', async () => {
  const handle = createApp({
    state: createState(DEFAULT_LIMITS),
    authenticate: createAuthenticator(DEFAULT_CREDENTIALS),
    log: () => undefined,
    accessLog: false,
    faults: createFaultPlan({}),
    handlers: {},
  });
  const reply = await handle({
    method: 'POST',
    url: `http://sandbox.test${operations.watchdogsCreate.path}`,
    headers: new Headers({ authorization: `Bearer ${DEFAULT_CREDENTIALS.token}`, 'content-type': 'application/json' }),
    body: new TextEncoder().encode('{"name":"x","prompt":"y"}'),
  });
  expect(reply.status).toBe(501);
  const body = JSON.parse(typeof reply.body === 'string' ? reply.body : new TextDecoder().decode(reply.body ?? undefined)) as { error: string; code: string };
  expect(body).toEqual({ error: expect.stringContaining('watchdogsCreate is not implemented by the sandbox'), code: 'not_implemented' });
});
