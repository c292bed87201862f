// A typed client for frontend teams: openapi-fetch over the generated `paths`, with one of the
// five published credential forms applied to every request. Where each form puts its secret,
// and how it is encoded, comes from the contract through protocol/credentials.ts, the same
// place the sandbox reads it back from.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { CredentialScheme } from '../generated';
import type { components, paths } from '../generated/schema';
import { credentialForms, placeCredential, type CredentialForm } from '../protocol/credentials';
import { pager, type Pages } from './pages';

export type { components, paths };
export { DEMO_CREDENTIALS, type DemoCredentials } from '../protocol/demo-credentials';
export { PageCycleError, PageError, type MethodOf, type PagedPath, type PageOf, type Pages, type PagesInit } from './pages';
export type Schemas = components['schemas'];

/** A form's name in `auth`: its security scheme without `Auth` (`bearerAuth` -> `bearer`). */
type Form = CredentialScheme extends infer S ? (S extends `${infer F}Auth` ? F : never) : never;

/**
 * The five published credential forms; exactly one is used:
 * `{ bearer }` (Authorization: Bearer <API_KEY>), `{ token }` (Authorization: Token <API_KEY>),
 * `{ sessionHeader }` (Authorization: Session <SESSION_ID>), `{ sessionQuery }` (?sessionid=<SESSION_ID>),
 * `{ sessionCookie }` (cookie sessionid=<SESSION_ID>).
 */
export type Credential = { [F in Form]: { [K in F]: string } }[Form];

const FORMS = new Map<string, CredentialForm>(credentialForms.map((form) => [form.scheme.replace(/Auth$/, ''), form]));

/** Puts a secret on a request where its form says; a new Request when the URL changes. */
function apply(request: Request, form: CredentialForm, secret: string): Request {
  const placed = placeCredential(form, secret);
  switch (placed.in) {
    case 'header':
      request.headers.set(placed.name, placed.value);
      return request;
    case 'query': {
      const url = new URL(request.url);
      url.searchParams.set(placed.name, placed.value);
      return new Request(url, request);
    }
    case 'cookie':
      // Browsers forbid setting Cookie by hand: there the service's own cookie is sent with
      // `credentials: 'include'`; in Node the header is set directly.
      if (typeof document === 'undefined') request.headers.set('Cookie', `${placed.name}=${placed.value}`);
      return request;
  }
}

export function credentialMiddleware(credential: Credential): Middleware {
  const [name, secret] = Object.entries(credential)[0] as [string, string];
  const form = FORMS.get(name);
  if (!form) throw new Error(`unknown credential form "${name}"; use one of: ${[...FORMS.keys()].join(', ')}`);
  return { onRequest: ({ request }) => apply(request, form, secret) };
}

export interface ApiClientOptions {
  /**
   * The deployment's base URL, e.g. http://127.0.0.1:4010 for the mock, or relative: `''`, `'/'`
   * or a path such as `'/gateway'` for an API served with the page (the page's origin; jsdom's or
   * happy-dom's `location` under Vitest and Jest; `RELATIVE_BASE_ORIGIN` where there is none).
   */
  baseUrl: string;
  auth: Credential;
  /** Used for every request when given; otherwise `globalThis.fetch` as it is when each request is sent. */
  fetch?: typeof globalThis.fetch;
}

/** The openapi-fetch client over the contract's paths, plus a pager that follows `next`. */
export type ApiClient = Client<paths> & {
  /**
   * Every page of a list, following each page's `next` link as served:
   * `for await (const page of api.pages('/api/v1/municipalities/', { params: { query: { country_code: ['AT'] } } }))`.
   * A search (POST) needs its `body`. A non-2xx page throws a `PageError`; a `next` link
   * already followed throws a `PageCycleError` naming it (a list whose links go round never ends).
   */
  pages: Pages;
};

/**
 * `globalThis.fetch` looked up when a request is sent, not when the client is made: openapi-fetch
 * keeps the fetch it is given, so a client made at module level would otherwise keep the
 * original fetch and bypass MSW (`msw/node`, `msw/browser`) or any later replacement.
 */
const currentFetch: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init);

/**
 * Where a relative baseUrl points without a page (Node, Vitest's and Jest's default node
 * environment): what MSW's handlers for any origin (`cmds-contract-kit/msw`) answer.
 */
export const RELATIVE_BASE_ORIGIN = 'http://localhost';

/**
 * The absolute base URL requests go to: an http(s) URL as given; `''` or a path resolved against
 * the page's location (a browser, jsdom, happy-dom), else RELATIVE_BASE_ORIGIN. Node's fetch takes
 * absolute URLs only ("Failed to parse URL from /api/v1/…"). Anything else is a one-line error.
 */
export function absoluteBaseUrl(baseUrl: string): string {
  if (baseUrl === '' || baseUrl.startsWith('/')) {
    const page = (globalThis as { location?: { href?: string } }).location?.href;
    return new URL(baseUrl || '/', page && /^https?:/.test(page) ? page : RELATIVE_BASE_ORIGIN).href.replace(/\/$/, '');
  }
  let protocol: string | undefined;
  try {
    protocol = new URL(baseUrl).protocol;
  } catch {
    // not a URL: said below
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new Error(
      `createApiClient: baseUrl ${JSON.stringify(baseUrl)} is neither an http(s) URL (e.g. 'http://127.0.0.1:4010') nor a path on the page's origin ('' or '/gateway')`,
    );
  }
  return baseUrl;
}

export function createApiClient({ baseUrl, auth, fetch }: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl: absoluteBaseUrl(baseUrl),
    fetch: fetch ?? currentFetch,
    ...('sessionCookie' in auth && typeof document !== 'undefined' ? { credentials: 'include' as const } : {}),
  });
  client.use(credentialMiddleware(auth));
  return Object.assign(client, { pages: pager(client) });
}
