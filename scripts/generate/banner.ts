/** First line of every file in generated/. */
export const GENERATED_BANNER =
  '// Generated from openapi/ by `npm run generate`. Do not edit by hand.';
