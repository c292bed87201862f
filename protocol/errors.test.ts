import { publishedErrors } from '../generated';
import { errorReply, publishedError } from './errors';

test('the published bodies are the contract’s, by status', () => {
  expect(publishedError('401')).toEqual(publishedErrors['401']);
  expect(publishedError('403')).toEqual({ error: 'Unzureichende Berechtigungen', code: 'forbidden' });
});

test('an error reply is JSON `{error, code}` and nothing else', () => {
  const reply = errorReply(404, { error: 'gone', code: 'not_found', extra: 1 } as never, { allow: 'GET' });
  expect(reply).toEqual({ status: 404, headers: { allow: 'GET', 'content-type': 'application/json' }, body: '{"error":"gone","code":"not_found"}' });
});
