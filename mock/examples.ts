// Named examples of the bundled contract, per operation and status: the values of
// `Prefer: example=<name>`, and the request bodies the tests send.
import fs from 'node:fs';
import { operations, type OperationId } from '../generated';
import { GENERATED_DOCUMENT } from './prism';

type Node = Record<string, unknown>;
interface MediaType {
  examples?: Record<string, Node>;
}

function loadDocument(file: string): Node {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Node;
}

/** Follows `#/components/...` refs of the bundled document. */
function resolve(doc: Node, node: unknown): Node {
  let current = node as Node;
  for (let depth = 0; typeof current?.$ref === 'string' && depth < 10; depth++) {
    const pointer = (current.$ref as string).replace(/^#\//, '').split('/');
    current = pointer.reduce<unknown>((at, key) => (at as Node | undefined)?.[key], doc) as Node;
  }
  return current;
}

function operationNode(doc: Node, operationId: OperationId): Node {
  const { path, method } = operations[operationId];
  return (doc.paths as Record<string, Record<string, Node>>)[path]![method]!;
}

function jsonMedia(doc: Node, holder: unknown): MediaType | undefined {
  const content = resolve(doc, holder)?.content as Record<string, MediaType> | undefined;
  return content?.['application/json'];
}

export interface ContractExamples {
  /** Example names of a response, e.g. municipalitiesList 200 -> at-upper-austria, ... */
  responseNames(operationId: OperationId, status: number): string[];
  /** The value of a named response example (application/json). */
  responseExample(operationId: OperationId, status: number, name: string): unknown;
  /** Request body examples (application/json) by name. */
  requestBodies(operationId: OperationId): Record<string, unknown>;
}

export function readExamples(file = GENERATED_DOCUMENT): ContractExamples {
  const doc = loadDocument(file);
  return {
    responseNames(operationId, status) {
      const responses = operationNode(doc, operationId).responses as Record<string, unknown>;
      return Object.keys(jsonMedia(doc, responses[String(status)])?.examples ?? {});
    },
    responseExample(operationId, status, name) {
      const responses = operationNode(doc, operationId).responses as Record<string, unknown>;
      return resolve(doc, jsonMedia(doc, responses[String(status)])?.examples?.[name]).value;
    },
    requestBodies(operationId) {
      const examples = jsonMedia(doc, operationNode(doc, operationId).requestBody)?.examples ?? {};
      return Object.fromEntries(Object.entries(examples).map(([name, example]) => [name, resolve(doc, example).value]));
    },
  };
}

/** The lowest 2xx status an operation declares: what Prism answers by default. */
export function successStatus(operationId: OperationId): number {
  const statuses = Object.keys(operations[operationId].responses).map(Number);
  return Math.min(...statuses.filter((status) => status >= 200 && status < 300));
}
