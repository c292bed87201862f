// Bodies too long to show inline are kept once, named by their content's hash, and referenced
// relative to the report folder: a whole body gzip-compressed as `bodies/<hash>.<ext>.gz` (the
// 1 MiB body the inputs phase sends weighs a few KB so), which a curl line pipes in
// (`gzip -dc bodies/… | curl … --data-binary @-`); a multipart value as it is,
// `bodies/<hash>.txt`, which curl reads with `--form 'name=<bodies/…'`. failures.json and
// report.html point at the same files. So junit.xml and summary.md stay small.
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';

/** Bodies longer than this (bytes, UTF-8) go to `bodies/`: no report carries one inline. */
export const INLINE_LIMIT = 4096;
/** The folder beside the reports, and the prefix of every reference. */
export const BODIES_DIR = 'bodies';

export const isLong = (text: string) => Buffer.byteLength(text) > INLINE_LIMIT;

export interface BodyStore {
  /** A whole body, kept compressed: its reference, `bodies/<hash>.<ext>.gz`. */
  refer(text: string, mediaType?: string): string;
  /** A multipart value, kept as it is: its reference, `bodies/<hash>.txt`. */
  referValue(text: string): string;
  /** Every body kept: reference → text. */
  readonly files: ReadonlyMap<string, string>;
}

const EXTENSION: Record<string, string> = { 'application/json': 'json', 'application/x-www-form-urlencoded': 'form' };
const extensionOf = (mediaType = '') => EXTENSION[mediaType.split(';')[0]!.trim().toLowerCase()] ?? 'txt';
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** What is written for a reference: compressed when its name says so. */
export const storedBytes = (name: string, text: string): Buffer | string => (name.endsWith('.gz') ? gzipSync(text) : text);
/** A stored body's text again, from the bytes of its file. */
export const readStored = (name: string, bytes: Buffer): string => (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');

export function createBodyStore(kept: Iterable<[string, string]> = []): BodyStore {
  const files = new Map(kept);
  const keep = (name: string, text: string) => (files.set(name, text), name);
  return {
    refer: (text, mediaType) => keep(`${BODIES_DIR}/${hashOf(text)}.${extensionOf(mediaType)}.gz`, text),
    referValue: (text) => keep(`${BODIES_DIR}/${hashOf(text)}.txt`, text),
    files,
  };
}
