import { operationAt } from './operations';

test.each([
  ['GET', '/api/v1/municipalities/', { id: 'municipalitiesList', prefix: '' }],
  ['get', '/svc/api/v1/municipalities/', { id: 'municipalitiesList', prefix: '/svc' }],
  ['POST', '/api/v1/watchdogs/0b7c/subscribe/', { id: 'watchdogsSubscribe', prefix: '' }],
  ['PATCH', '/api/v1/watchdogs/a/events/b/', { id: 'watchdogsEventsPartialUpdate', prefix: '' }],
  ['POST', '/api/v1/municipalities/', undefined],
  ['GET', '/api/v1/municipalities', undefined],
  ['POST', '/api/v1/watchdogs/a/b/subscribe/', undefined],
])('%s %s addresses %j', (method, pathname, expected) => {
  expect(operationAt(method, pathname)).toEqual(expected);
});
