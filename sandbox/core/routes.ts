// The eight published operations as a route table, built from the generated `operations`
// table so the sandbox serves exactly the contract's paths and methods.
import { operations, type OperationId } from '../../generated';
import { errors } from './errors';

export type Method = 'GET' | 'POST' | 'PATCH';

export interface Route {
  operationId: OperationId;
  method: Method;
  /** Path segments; `{name}` segments capture one non-empty segment. */
  segments: string[];
}

export interface RouteMatch {
  /** The operation for this method, if the path is known but the method is not, undefined. */
  route?: Route;
  params: Record<string, string>;
  /** Methods the path accepts (for 405 and CORS). */
  allow: string[];
}

function split(path: string): string[] {
  return path.split('/').slice(1);
}

export const ROUTES: Route[] = (Object.keys(operations) as OperationId[]).map((operationId) => ({
  operationId,
  method: operations[operationId].method.toUpperCase() as Method,
  segments: split(operations[operationId].path),
}));

function capture(route: Route, segments: string[]): Record<string, string> | undefined {
  if (route.segments.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const pattern = route.segments[i]!;
    const actual = segments[i]!;
    if (pattern.startsWith('{')) {
      if (actual === '') return undefined;
      params[pattern.slice(1, -1)] = actual;
    } else if (pattern !== actual) {
      return undefined;
    }
  }
  return params;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw errors.badRequest(`Path segment ${JSON.stringify(segment.slice(0, 60))} has malformed percent-encoding`);
  }
}

/** Finds the operation for a method and path; undefined when no published path matches. */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  const segments = split(path).map(decodeSegment);
  let found: RouteMatch | undefined;
  for (const route of ROUTES) {
    const params = capture(route, segments);
    if (!params) continue;
    found ??= { params, allow: [] };
    found.allow.push(route.method);
    // HEAD is answered like GET (without the body), as Django does.
    if (route.method === 'GET') found.allow.push('HEAD');
    if (route.method === method || (route.method === 'GET' && method === 'HEAD')) {
      found.route = route;
      found.params = params;
    }
  }
  return found;
}
