// Near misses of a secret: strings one slip away from it, each of which a deployment must refuse
// as it refuses any unknown value (the document: "an opaque string … treated like a password").
// Each class is a row: how to make it from the secret, what taking it suggests, and the same
// made in POSIX sh from the variable the secret is pasted as, so a failure's curl runs and never
// shows the secret. Whitespace around a secret is no near miss: HTTP strips it from a header
// value (RFC 9110 §5.5), and the scheme word is case-insensitive (§11.1); the secret is what is exact.

export type NearMissId =
  | 'case-swapped'
  | 'one-letter-case'
  | 'letter-appended'
  | 'mark-appended'
  | 'letter-prepended'
  | 'last-removed'
  | 'first-removed'
  | 'one-changed'
  | 'prefix'
  | 'prefix-other-tail';

export interface NearMissClass {
  id: NearMissId;
  /** After "the key": "in swapped case", "with a letter appended". */
  says: string;
  /** What a deployment that takes it compares wrongly. */
  suggests: string;
  /** The near miss, from the secret's code points; undefined where the class does not apply (no letter to swap, too short). */
  make(chars: string[]): string | undefined;
  /** The same in sh from `"$VARIABLE"`, for a secret of printable ASCII: pasted into a curl line in place of the value. */
  shell(variable: string, chars: string[]): string;
}

const LETTER = /^[A-Za-z]$/;
const swap = (c: string) => (LETTER.test(c) ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c);
/** A letter other than `c`, whatever the case (a compare without case must not take it either). */
const other = (c: string | undefined) => (c?.toLowerCase() === 'x' ? 'y' : 'x');
const lastLetter = (chars: string[]) => chars.map((c, i) => (LETTER.test(c) ? i : -1)).reduce((a, b) => Math.max(a, b), -1);
const half = (chars: string[]) => Math.ceil(chars.length / 2);
/** `"$(printf '%s\n' "$V" | awk '…')"`: awk's substr counts characters, as `chars` does (the secret is ASCII). */
const awk = (variable: string, program: string) => `"$(printf '%s\\n' "$${variable}" | awk '{ printf "%s", ${program} }')"`;

export const NEAR_MISSES: readonly NearMissClass[] = [
  {
    id: 'case-swapped',
    says: 'in swapped case',
    suggests: 'compared without case (a case-insensitive collation, a lower-cased lookup)',
    make: (chars) => (chars.some((c) => LETTER.test(c)) ? chars.map(swap).join('') : undefined),
    shell: (v) => `"$(printf %s "$${v}" | tr A-Za-z a-zA-Z)"`,
  },
  {
    id: 'one-letter-case',
    says: 'with its last letter in the other case',
    suggests: 'compared without case (a case-insensitive collation, a lower-cased lookup)',
    make: (chars) => {
      const i = lastLetter(chars);
      return i < 0 ? undefined : [...chars.slice(0, i), swap(chars[i]!), ...chars.slice(i + 1)].join('');
    },
    shell: (v, chars) => {
      const i = lastLetter(chars) + 1;
      return awk(v, `substr($0, 1, ${i - 1}) (toupper(substr($0, ${i}, 1)) == substr($0, ${i}, 1) ? tolower(substr($0, ${i}, 1)) : toupper(substr($0, ${i}, 1))) substr($0, ${i + 1})`);
    },
  },
  {
    id: 'letter-appended',
    says: 'with a letter appended',
    suggests: 'compared over the stored secret\'s length only, or as a prefix of what was sent',
    make: (chars) => `${chars.join('')}x`,
    shell: (v) => `"$${v}"'x'`,
  },
  {
    id: 'mark-appended',
    says: 'with a full stop appended',
    suggests: 'read with a pattern that stops at the secret\'s own characters, or stripped of punctuation',
    make: (chars) => `${chars.join('')}.`,
    shell: (v) => `"$${v}"'.'`,
  },
  {
    id: 'letter-prepended',
    says: 'with a letter prepended',
    suggests: 'compared as a suffix, or found inside what was sent',
    make: (chars) => `x${chars.join('')}`,
    shell: (v) => `'x'"$${v}"`,
  },
  {
    id: 'last-removed',
    says: 'without its last character',
    suggests: 'compared over the length sent only, or as a prefix of the stored secret',
    make: (chars) => (chars.length > 1 ? chars.slice(0, -1).join('') : undefined),
    shell: (v) => `"\${${v}%?}"`,
  },
  {
    id: 'first-removed',
    says: 'without its first character',
    suggests: 'compared as a suffix of the stored secret',
    make: (chars) => (chars.length > 1 ? chars.slice(1).join('') : undefined),
    shell: (v) => `"\${${v}#?}"`,
  },
  {
    id: 'one-changed',
    says: 'with its middle character changed',
    suggests: 'compared on part of the secret only',
    make: (chars) => {
      const m = Math.floor(chars.length / 2);
      return [...chars.slice(0, m), other(chars[m]), ...chars.slice(m + 1)].join('');
    },
    shell: (v, chars) => {
      const m = Math.floor(chars.length / 2);
      return awk(v, `substr($0, 1, ${m}) "${other(chars[m])}" substr($0, ${m + 2})`);
    },
  },
  {
    id: 'prefix',
    says: 'cut to its first half',
    suggests: 'matched as a prefix (startsWith, LIKE \'…%\')',
    make: (chars) => (chars.length > 2 ? chars.slice(0, half(chars)).join('') : undefined),
    shell: (v, chars) => awk(v, `substr($0, 1, ${half(chars)})`),
  },
  {
    id: 'prefix-other-tail',
    says: 'with its first half and another, longer tail',
    suggests: 'looked up by its first characters only',
    make: (chars) => (chars.length > 1 ? chars.slice(0, half(chars)).join('') + other(chars[half(chars)]).repeat(chars.length - half(chars) + 1) : undefined),
    shell: (v, chars) => `${awk(v, `substr($0, 1, ${half(chars)})`)}'${other(chars[half(chars)]).repeat(chars.length - half(chars) + 1)}'`,
  },
];

export const nearMissClass = (id: NearMissId): NearMissClass => NEAR_MISSES.find((c) => c.id === id)!;

/** The near miss of a secret in a class (undefined where the class does not apply). */
export function nearMissOf(secret: string, id: NearMissId): string | undefined {
  const value = nearMissClass(id).make([...secret]);
  return value === undefined || value === '' || value === secret ? undefined : value;
}

/**
 * The classes that apply to a secret, each making a value of its own that is none of the run's
 * secrets (a near miss of the key may not be the limited key).
 */
export function nearMissesOf(secret: string, secrets: ReadonlyArray<string | undefined> = []): NearMissId[] {
  const seen = new Set<string>([secret, ...secrets.filter((s): s is string => s !== undefined)]);
  const ids: NearMissId[] = [];
  for (const { id } of NEAR_MISSES) {
    const value = nearMissOf(secret, id);
    if (value === undefined || seen.has(value)) continue;
    seen.add(value);
    ids.push(id);
  }
  return ids;
}

/** The near miss made in sh from `"$VARIABLE"`, or undefined when the secret is not printable ASCII (sh and awk would count it otherwise). */
export function nearMissShell(secret: string, id: NearMissId, variable: string): string | undefined {
  return /^[\x21-\x7e]+$/.test(secret) ? nearMissClass(id).shell(variable, [...secret]) : undefined;
}
