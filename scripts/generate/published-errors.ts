// The published error bodies (401 unauthorized, 403 forbidden), byte for byte from the examples
// of every error response that is not a modelling choice, keyed by status.
import type { OpenApiDocument } from './bundle';
import { resolve, type OperationEntry } from './operations';

export interface PublishedError {
  error: string;
  code: string;
}

export function readPublishedErrors(doc: OpenApiDocument, operations: OperationEntry[]): Record<string, PublishedError> {
  const found: Record<string, PublishedError> = {};
  for (const op of operations) {
    const raw = (doc.paths[op.path]![op.method] as { responses: Record<string, unknown> }).responses;
    for (const response of op.responses) {
      if (response.status < 400 || response.modellingChoice) continue;
      const media = (resolve(doc, raw[String(response.status)]).content as Record<string, { examples?: Record<string, unknown> }>)?.['application/json'];
      const values = Object.values(media?.examples ?? {}).map((example) => resolve(doc, example).value as PublishedError);
      if (values.length !== 1) throw new Error(`${op.operationId} ${response.status}: a published error needs exactly one example, found ${values.length}`);
      const [value] = values as [PublishedError];
      const known = found[response.status];
      if (known && JSON.stringify(known) !== JSON.stringify(value)) {
        throw new Error(`${op.operationId} ${response.status}: its example differs from another operation's ${response.status}`);
      }
      found[response.status] = value;
    }
  }
  return found;
}
