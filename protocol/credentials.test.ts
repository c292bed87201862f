// The credential forms on the wire: what a client writes is what a server reads, for every
// published form, with secrets that need encoding; and which form a request presents.
import { credentialForms, formUsage, placeCredential, presentedCredential, type CredentialSources } from './credentials';
import { decodeQueryComponent } from './encoding';

/** A request as a server sees it after a client placed a credential on it. */
function wire(form: (typeof credentialForms)[number], secret: string): CredentialSources {
  const placed = placeCredential(form, secret);
  const url = new URL('http://service.test/api/v1/municipalities/?page=1');
  const headers = new Headers();
  if (placed.in === 'header') headers.set(placed.name, placed.value);
  if (placed.in === 'query') url.searchParams.set(placed.name, placed.value);
  if (placed.in === 'cookie') headers.set('cookie', `theme=dark; ${placed.name}=${placed.value}`);
  const query = new Map(url.search.slice(1).split('&').map((pair) => pair.split('=').map((part) => decodeQueryComponent(part)!) as [string, string]));
  return { header: (name) => headers.get(name), query: (name) => query.get(name) };
}

const SECRETS = ['plain-secret', 'a/b+c==', 'with space;and,comma', 'ümlaut%41'];

test('the forms are the contract’s five, in its order', () => {
  expect(credentialForms.map(formUsage)).toEqual([
    'Authorization: Bearer <API_KEY>',
    'Authorization: Token <API_KEY>',
    'Authorization: Session <SESSION_ID>',
    '?sessionid=<SESSION_ID>',
    'Cookie: sessionid=<SESSION_ID>',
  ]);
});

describe.each(credentialForms.map((form) => [form.label, form] as const))('%s', (_label, form) => {
  test.each(SECRETS.filter((secret) => form.in !== 'header' || !/\s/.test(secret)))('secret %j arrives as sent', (secret) => {
    expect(presentedCredential(wire(form, secret))).toEqual({ kind: 'credential', form, secret });
  });
});

describe('which form a request presents', () => {
  const sources = (headers: Record<string, string>, query: Record<string, string> = {}): CredentialSources => ({
    header: (name) => headers[name.toLowerCase()],
    query: (name) => query[name],
  });

  test('scheme words are case-insensitive', () => {
    expect(presentedCredential(sources({ authorization: 'bEaReR k' }))).toMatchObject({ kind: 'credential', secret: 'k', form: { scheme: 'bearerAuth' } });
  });

  test('a published scheme word without a value is malformed, and stops the search', () => {
    expect(presentedCredential(sources({ authorization: 'Token', cookie: 'sessionid=s' }))).toMatchObject({ kind: 'malformed', form: { scheme: 'tokenAuth' } });
    expect(presentedCredential(sources({ authorization: 'Bearer a b' }))).toMatchObject({ kind: 'malformed' });
  });

  test('another scheme is not ours: the query, then the cookie may still present one', () => {
    expect(presentedCredential(sources({ authorization: 'Basic dXNlcjpwYXNz', cookie: 'sessionid=c' }, { sessionid: 'q' }))).toMatchObject({
      secret: 'q',
      form: { scheme: 'sessionQueryAuth' },
    });
    expect(presentedCredential(sources({ authorization: 'Basic dXNlcjpwYXNz', cookie: 'x=1; sessionid="c%2Fd"' }))).toMatchObject({
      secret: 'c/d',
      form: { scheme: 'sessionCookieAuth' },
    });
  });

  test('the Authorization header comes first', () => {
    expect(presentedCredential(sources({ authorization: 'Session h', cookie: 'sessionid=c' }, { sessionid: 'q' }))).toMatchObject({ secret: 'h' });
  });

  test('nothing presented', () => {
    expect(presentedCredential(sources({ cookie: 'theme=dark' }))).toBeUndefined();
  });
});
