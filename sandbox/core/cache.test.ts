import { BoundedCache } from './cache';

test('keeps at most its capacity, dropping the least recently used entry', () => {
  const cache = new BoundedCache<number>(2);
  cache.set('a', 1);
  cache.set('b', 2);
  expect(cache.get('a')).toBe(1); // a is now the most recent
  cache.set('c', 3);
  expect(cache.size).toBe(2);
  expect(cache.get('b')).toBeUndefined();
  expect(cache.get('a')).toBe(1);
  expect(cache.get('c')).toBe(3);
});
