// A typed client for frontend teams: openapi-fetch over the generated `paths`, with one of the
// five published credential forms applied to every request.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from '../generated/schema';

export type { components, paths };
export type Schemas = components['schemas'];

/** The five published credential forms; exactly one is used. */
export type Credential =
  | { bearer: string } // Authorization: Bearer <API_KEY>
  | { token: string } // Authorization: Token <API_KEY>
  | { sessionHeader: string } // Authorization: Session <SESSION_ID>
  | { sessionQuery: string } // ?sessionid=<SESSION_ID>
  | { sessionCookie: string }; // cookie sessionid=<SESSION_ID>

type Form = keyof UnionToIntersection<Credential>;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** How each form puts its secret on a request. */
const APPLY: Record<Form, (request: Request, secret: string) => Request> = {
  bearer: (request, secret) => withHeader(request, 'Authorization', `Bearer ${secret}`),
  token: (request, secret) => withHeader(request, 'Authorization', `Token ${secret}`),
  sessionHeader: (request, secret) => withHeader(request, 'Authorization', `Session ${secret}`),
  sessionQuery: (request, secret) => {
    const url = new URL(request.url);
    url.searchParams.set('sessionid', secret);
    return new Request(url, request);
  },
  // Browsers forbid setting Cookie by hand: there the service's own cookie is sent with
  // `credentials: 'include'`; in Node the header is set directly.
  sessionCookie: (request, secret) =>
    typeof document === 'undefined' ? withHeader(request, 'Cookie', `sessionid=${encodeURIComponent(secret)}`) : request,
};

function withHeader(request: Request, name: string, value: string): Request {
  request.headers.set(name, value);
  return request;
}

export function credentialMiddleware(credential: Credential): Middleware {
  const [form, secret] = Object.entries(credential)[0] as [Form, string];
  const apply = APPLY[form];
  if (!apply) throw new Error(`unknown credential form "${String(form)}"`);
  return { onRequest: ({ request }) => apply(request, secret) };
}

export interface ApiClientOptions {
  /** The deployment's base URL, e.g. http://127.0.0.1:4010 for the mock. */
  baseUrl: string;
  auth: Credential;
  fetch?: typeof globalThis.fetch;
}

export function createApiClient({ baseUrl, auth, fetch }: ApiClientOptions): Client<paths> {
  const client = createClient<paths>({
    baseUrl,
    ...(fetch ? { fetch } : {}),
    ...('sessionCookie' in auth && typeof document !== 'undefined' ? { credentials: 'include' as const } : {}),
  });
  client.use(credentialMiddleware(auth));
  return client;
}
