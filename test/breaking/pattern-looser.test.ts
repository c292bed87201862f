// When the gate calls a new pattern looser (own-checks/pattern-looser.ts): only what its sound
// rules prove. Each proven pair is also tried on every short string over a small alphabet:
// whatever the old pattern accepts, the new one must.
import { provablyLooser } from '../../scripts/breaking/own-checks/pattern-looser';

/** old, new, strings the old pattern accepts (each must pass the new one). */
const PROVEN: Array<[string, string, string[]]> = [
  ['^[a-z]+$', '.*', ['abc']],
  ['^[a-z]+$', '[\\s\\S]*', ['abc']],
  ['^[a-z]+$', '', ['abc']],
  ['^[a-z]+$', '^[a-z]+$|^[0-9]+$', ['abc']],
  ['^[a-z]+$', '^[a-z]+', ['abc']],
  ['^[a-z]+$', '[a-z]+', ['abc']],
  ['^[a-z]+$', '^[a-z0-9_-]+$', ['abc', 'z']],
  ['^[0-9]{4}$', '^\\d{4,6}$', ['2024']],
  ['^a+$', '^a*$', ['a', 'aaa']],
  ['^ab?$', '^ab*$', ['a', 'ab']],
  ['^a$', '^[a-c]$', ['a']],
  ['^\\.$', '^[.,]$', ['.']],
  ['^x$|^y$', '^[xy]$', ['x', 'y']],
  ['^[a-f]{2}$', '^\\w{1,3}$', ['ab']],
  ['^(?=a)[a-z]$', '^(?=a)[a-z0-9]$', ['a']],
  ['^[a-z]+$', '^.*$', ['abc']],
];

/** Looser or not, the rules do not prove it: refused, to be declared. */
const NOT_PROVEN: Array<[string, string, string]> = [
  ['^[a-z]+$', '^[A-Z]+$', 'another class'],
  ['^[a-z]+$', '^[a-z]$', 'a quantifier dropped'],
  ['^(a|b)$', '^(a|b|c)$', 'a group grew: looser, but not by a rule the gate has'],
  ['^(?!a)[a-z]$', '^(?!a)[a-z0-9]$', 'negative lookahead: widening inside it narrows'],
  ['^(a)\\1$', '^([ab])\\1$', 'backreference'],
  ['^[^a]$', '^[^ab]$', 'a negated class grew: narrower'],
  ['^\\s$', '^[ \\t]$', '\\s is not read'],
  ['^[a-z]{2,4}$', '^[a-z]{3,8}$', 'the quantifier range moved'],
  ['.*', '^a', 'narrower'],
];

test.each(PROVEN)('%s → %s is proven looser', (old, now, samples) => {
  expect(provablyLooser(old, now)).toBe(true);
  for (const sample of samples) {
    expect(new RegExp(old, 'u').test(sample)).toBe(true);
    expect(new RegExp(now, 'u').test(sample)).toBe(true);
  }
});

/** Every string of up to four characters over letters, digits, punctuation, space and a line break. */
const ALPHABET = ['a', 'b', 'c', 'x', 'y', 'A', '0', '9', '.', '-', ' ', '\n'];
const SHORT_STRINGS = [0, 1, 2, 3, 4].reduce<string[][]>((all, length) => [...all, length === 0 ? [''] : all.at(-1)!.flatMap((s) => ALPHABET.map((c) => s + c))], []).flat();

test.each(PROVEN)('%s → %s: no short string the old accepts is refused by the new', (old, now) => {
  const [before, after] = [new RegExp(old, 'u'), new RegExp(now, 'u')];
  expect(SHORT_STRINGS.filter((s) => before.test(s) && !after.test(s))).toEqual([]);
});

test.each(NOT_PROVEN)('%s → %s is not proven (%s)', (old, now) => {
  expect(provablyLooser(old, now)).toBe(false);
});
