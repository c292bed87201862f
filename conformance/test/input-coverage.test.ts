// The coverage maps count a body field's bound sides as maxLength counts: in code points.
import { boundSide, valueClass } from '../runner/input-coverage';

const bounded = { type: 'string', minLength: 1, maxLength: 4 } as const;

test.each([
  ['', 'under minimum'],
  ['a', 'at minimum'],
  ['abcd', 'at maximum'],
  ['😀😀😀😀', 'at maximum'], // 8 code units, 4 code points
  ['😀😀😀😀😀', 'over maximum'],
  ['x'.repeat(1 << 20), 'over maximum'],
  ['ab', undefined],
] as const)('%j: %s', (value, side) => {
  expect(boundSide(value, bounded)).toBe(side);
});

test('a field without bounds has no side; a list counts its items', () => {
  expect(boundSide('x'.repeat(1000), { type: 'string' })).toBeUndefined();
  expect(boundSide([1, 2], { type: 'array', maxItems: 2 })).toBe('at maximum');
});

test('a query value at or over maxLength counts code points', () => {
  expect(valueClass('😀😀😀😀', bounded)).toBe('at maxLength');
  expect(valueClass('😀😀😀😀😀', bounded)).toBe('over maxLength');
});
