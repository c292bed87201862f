import { cookieValue, decodeCookieValue, decodeQueryComponent, encodeCookieValue } from './encoding';

test('query components decode as URLSearchParams encodes them', () => {
  const value = 'a/b+c== d&e%f';
  const encoded = new URLSearchParams({ v: value }).toString().slice(2);
  expect(encoded).toBe('a%2Fb%2Bc%3D%3D+d%26e%25f');
  expect(decodeQueryComponent(encoded)).toBe(value);
});

test.each(['%ZZ', '%E0%A4', '%'])('a malformed query component %j is refused, not guessed', (part) => {
  expect(decodeQueryComponent(part)).toBeUndefined();
});

test('cookie values round-trip through percent-encoding; a raw value is read as it stands', () => {
  for (const value of ['a/b+c==', 'x;y, z', 'ü']) expect(decodeCookieValue(encodeCookieValue(value))).toBe(value);
  expect(decodeCookieValue('a/b+c==')).toBe('a/b+c==');
  expect(decodeCookieValue('100%')).toBe('100%');
  expect(decodeCookieValue('"quoted"')).toBe('quoted');
});

test('the first cookie of a name, whatever the spacing', () => {
  expect(cookieValue('a=1;sessionid=x%2By ; sessionid=second', 'sessionid')).toBe('x+y');
  expect(cookieValue('sessionidx=1', 'sessionid')).toBeUndefined();
  expect(cookieValue(null, 'sessionid')).toBeUndefined();
});
