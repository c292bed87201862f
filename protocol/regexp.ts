// Literal text inside a RegExp built at start-up (credential scheme words, the API's path
// prefix, secrets to redact).

/** `text` with every RegExp metacharacter escaped, so it matches only itself. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
