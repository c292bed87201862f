// Facts read from the bundled contract that the generated index does not carry: named examples.
import contract from '../../generated/openapi.json';
import { operations, type OperationId } from '../../generated';

interface MediaType {
  examples?: Record<string, { $ref?: string; value?: unknown }>;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaType>;
}

const doc = contract as unknown as {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { responses: Record<string, ResponseObject>; examples: Record<string, { value: unknown }> };
};

const deref = <T>(node: T & { $ref?: string }, table: Record<string, T>): T =>
  node.$ref ? table[node.$ref.split('/').pop()!]! : node;

export interface NamedExample {
  name: string;
  value: unknown;
}

/** The named JSON examples of an operation's response for a status. */
export function responseExamples(op: OperationId, status: number): NamedExample[] {
  const { path, method } = operations[op];
  const raw = doc.paths[path]?.[method]?.responses[String(status)];
  if (!raw) return [];
  const response = deref(raw, doc.components.responses);
  const examples = response.content?.['application/json']?.examples ?? {};
  return Object.entries(examples).map(([name, example]) => ({
    name,
    value: example.$ref ? doc.components.examples[example.$ref.split('/').pop()!]?.value : example.value,
  }));
}
