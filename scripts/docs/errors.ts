// The "Error responses" section of the page: each error status, which operations declare it, its
// example bodies and whether it is published or a modelling choice of the contract.
import { deref, isObject, operationsOf, type JsonObject } from './contract';
import { cell } from './markdown';

interface ErrorResponse {
  status: string;
  operations: string[];
  response: JsonObject;
}

/** Error responses (status >= 400), one per status and response component, in first-use order. */
function errorResponses(document: JsonObject): ErrorResponse[] {
  const byKey = new Map<string, ErrorResponse>();
  for (const operation of operationsOf(document)) {
    for (const [status, declared] of Object.entries(operation.responses)) {
      if (!/^[45]/.test(status)) continue;
      const response = deref(document, declared);
      if (!response) continue;
      const key = `${status} ${typeof declared.$ref === 'string' ? declared.$ref : operation.operationId}`;
      const entry = byKey.get(key) ?? { status, operations: [], response };
      entry.operations.push(operation.operationId);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()];
}

/** Every example body of a response, as compact JSON. */
function exampleBodies(document: JsonObject, response: JsonObject): string[] {
  const bodies: string[] = [];
  for (const media of Object.values(isObject(response.content) ? response.content : {})) {
    if (!isObject(media)) continue;
    if (media.example !== undefined) bodies.push(JSON.stringify(media.example));
    for (const example of Object.values(isObject(media.examples) ? media.examples : {})) {
      const resolved = deref(document, example);
      if (resolved && resolved.value !== undefined) bodies.push(JSON.stringify(resolved.value));
    }
  }
  return bodies;
}

export function errorsSection(document: JsonObject): string {
  const total = operationsOf(document).length;
  const items = errorResponses(document).map(({ status, operations, response }) => {
    const choice = response['x-modelling-choice'];
    const bodies = exampleBodies(document, response).map((body) => `\`${cell(body)}\``).join(' or ');
    const declaredBy = operations.length === total ? 'every operation' : operations.join(', ');
    const source = typeof choice === 'string' ? `Modelling choice: ${cell(choice)}` : 'Published.';
    return `- **${status}** ${bodies}. Declared by ${declaredBy}. ${source}`;
  });
  return [
    '## Error responses',
    '',
    'Every error body is a JSON object with `error` (a human-readable message) and `code` (a string).',
    '',
    ...items,
  ].join('\n');
}
