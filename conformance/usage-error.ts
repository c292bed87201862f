/** A mistake of the user's (a flag, a variable, the config file): one line, exit 2, never a verdict. */
export class UsageError extends Error {}
