// failures.json keeps a body over a few KB in `bodies/` (the same file the curl line reads) and
// names it where the body was; `replay` reads it back, so the requests it re-sends carry the same
// bytes. A JSON body is kept as sent, a form as its encoded text (both compressed), a multipart
// value as itself.
import { isLong, type BodyStore } from '../engine/bodies';
import type { FailureCase, ReplayCase, Step } from '../engine/replay-case';
import type { Body, RequestSpec } from '../engine/request';

/** A body as failures.json holds it: inline, or the file that holds it. */
type StoredBody =
  | Body
  | { kind: 'json'; file: string }
  | { kind: 'raw'; contentType: string; file: string }
  | { kind: 'form'; file: string }
  | { kind: 'multipart'; fields: Array<[string, string | { file: string }]> };

type StoredStep = Omit<Step, 'body'> & ({ body: Step['body'] } | { bodyFile: string });

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

function storeBody(body: Body, store: BodyStore): StoredBody {
  const kept = (text: string, mediaType: string) => (isLong(text) ? store.refer(text, mediaType) : undefined);
  switch (body.kind) {
    case 'json': {
      const file = body.value === undefined ? undefined : kept(JSON.stringify(body.value), JSON_TYPE);
      return file ? { kind: 'json', file } : body;
    }
    case 'raw': {
      const file = kept(body.text, body.contentType);
      return file ? { kind: 'raw', contentType: body.contentType, file } : body;
    }
    case 'form': {
      const file = kept(new URLSearchParams(body.fields).toString(), FORM);
      return file ? { kind: 'form', file } : body;
    }
    case 'multipart':
      return { kind: 'multipart', fields: body.fields.map(([name, value]) => [name, isLong(value) ? { file: store.referValue(value) } : value]) };
  }
}

function loadBody(body: StoredBody, read: (file: string) => string): Body {
  if (body.kind === 'multipart') return { kind: 'multipart', fields: body.fields.map(([name, value]) => [name, typeof value === 'string' ? value : read(value.file)]) };
  if (!('file' in body)) return body;
  switch (body.kind) {
    case 'json':
      return { kind: 'json', value: JSON.parse(read(body.file)) };
    case 'raw':
      return { kind: 'raw', contentType: body.contentType, text: read(body.file) };
    case 'form':
      return { kind: 'form', fields: [...new URLSearchParams(read(body.file))] };
  }
}

/** The same case, each part of it mapped: every request's body, every step's. */
function mapCase(replay: ReplayCase, spec: (s: RequestSpec) => RequestSpec, step: (s: Step) => Step): ReplayCase {
  if (replay.kind === 'sequence') return { ...replay, steps: replay.steps.map(step) };
  return replay.kind === 'equivalent' ? { ...replay, base: spec(replay.base), spec: spec(replay.spec) } : { ...replay, spec: spec(replay.spec) };
}

/** Failures with every long body kept in `store` and named by its file. */
export function storeBodies(failures: FailureCase[], store: BodyStore): FailureCase[] {
  const spec = (s: RequestSpec) => (s.body ? { ...s, body: storeBody(s.body, store) as Body } : s);
  const step = ({ body, ...rest }: Step): Step => {
    const text = JSON.stringify(body);
    return (isLong(text) ? { ...rest, bodyFile: store.refer(text, JSON_TYPE) } : { ...rest, body }) as Step;
  };
  return failures.map((failure) => ({ ...failure, replay: mapCase(failure.replay, spec, step) }));
}

/** Failures as failures.json holds them, each body named by its file read back with `read`. */
export function loadBodies(failures: FailureCase[], read: (file: string) => string): FailureCase[] {
  const spec = (s: RequestSpec) => (s.body ? { ...s, body: loadBody(s.body as StoredBody, read) } : s);
  const step = (s: Step): Step => {
    const stored = s as unknown as StoredStep;
    if (!('bodyFile' in stored)) return s;
    const { bodyFile, ...rest } = stored;
    return { ...rest, body: JSON.parse(read(bodyFile)) as Step['body'] };
  };
  return failures.map((failure) => ({ ...failure, replay: mapCase(failure.replay, spec, step) }));
}
