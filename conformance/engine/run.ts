// One conformance run as scenarios see it: send requests (every response is checked by the
// response rules), record verdicts, share fetched data, and clean up what the run created.
import type { OperationId } from '../../generated';
import { RESPONSE_CHECKS } from '../checks/response';
import { createTransport, type Transport } from './http';
import { Recorder } from './recorder';
import { createRedactor, type Redactor } from './redact';
import { NoResponse, type Exchange, type RequestSpec } from './request';
import { warn, type RunConfig, type Verdict } from './types';
import { trackCreated } from './watchdogs';

export interface Run {
  readonly config: RunConfig;
  readonly redact: Redactor;
  readonly recorder: Recorder;
  /** Sends, applies every response check, and returns the exchange; throws NoResponse (recorded). */
  send(spec: RequestSpec): Promise<Exchange>;
  /** Records a verdict of `rule` about the exchange; a 429 that outlasted the retries only warns. */
  judge(rule: string, x: Exchange, verdict: Verdict | (() => Verdict)): void;
  record(rule: string, operationId: OperationId | '-', verdict: Verdict, x?: Exchange): void;
  skip(rule: string, operationIds: OperationId[], reason: string): void;
  /** Computes a shared value once per run (e.g. a list walk several scenarios use). */
  memo<T>(key: string, make: () => Promise<T>): Promise<T>;
  onCleanup(task: () => Promise<void>): void;
  cleanup(): Promise<void>;
}

export function createRun(config: RunConfig, transport?: Transport): Run {
  const redact = createRedactor([config.token, config.limitedToken, config.sessionId]);
  const recorder = new Recorder(redact);
  const http = transport ?? createTransport(config, redact);
  const memos = new Map<string, Promise<unknown>>();
  const cleanups: Array<() => Promise<void>> = [];

  const record: Run['record'] = (rule, operationId, verdict, x) =>
    recorder.record(rule, operationId, verdict, x && { curl: x.curl, status: x.status });

  async function send(spec: RequestSpec): Promise<Exchange> {
    let x: Exchange;
    try {
      x = await http.send(spec);
    } catch (error) {
      if (error instanceof NoResponse) {
        recorder.record('response_received', spec.operationId, { outcome: 'fail', message: `${spec.purpose}: ${error.message}` }, { curl: error.curl });
      }
      throw error;
    }
    recorder.observe(spec.operationId, x.status);
    for (const [rule, check] of RESPONSE_CHECKS) {
      const verdict = check(x);
      if (verdict) record(rule, spec.operationId, verdict, x);
    }
    trackCreated(run, x);
    return x;
  }

  const run: Run = {
    config,
    redact,
    recorder,
    send,
    record,
    judge(rule, x, verdict) {
      if (x.status === 429) {
        record(rule, x.spec.operationId, warn(`${x.spec.purpose}: still rate limited (429) after ${x.retries} retries; not checked`), x);
        return;
      }
      record(rule, x.spec.operationId, typeof verdict === 'function' ? verdict() : verdict, x);
    },
    skip(rule, operationIds, reason) {
      for (const id of operationIds) record(rule, id, { outcome: 'skip', message: reason });
    },
    memo<T>(key: string, make: () => Promise<T>): Promise<T> {
      if (!memos.has(key)) memos.set(key, make());
      return memos.get(key) as Promise<T>;
    },
    onCleanup(task) {
      cleanups.push(task);
    },
    async cleanup() {
      for (const task of cleanups.splice(0).reverse()) await task().catch(() => undefined);
    },
  };
  return run;
}
