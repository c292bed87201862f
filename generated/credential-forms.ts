// Generated from openapi/ by `npm run generate`. Do not edit by hand.
/**
 * The published credential forms, any one of which a request may carry, from the security
 * schemes: where the secret goes (`in`, `name`) and what precedes it (`prefix`).
 */
export const credentialForms = [
  {
    "scheme": "bearerAuth",
    "label": "Bearer token",
    "in": "header",
    "name": "Authorization",
    "format": "Bearer <API_KEY>",
    "prefix": "Bearer ",
    "secret": "API_KEY",
    "shownOn": "all"
  },
  {
    "scheme": "tokenAuth",
    "label": "Token",
    "in": "header",
    "name": "Authorization",
    "format": "Token <API_KEY>",
    "prefix": "Token ",
    "secret": "API_KEY",
    "shownOn": [
      "municipalitiesList"
    ]
  },
  {
    "scheme": "sessionHeaderAuth",
    "label": "Session (header)",
    "in": "header",
    "name": "Authorization",
    "format": "Session <SESSION_ID>",
    "prefix": "Session ",
    "secret": "SESSION_ID",
    "shownOn": [
      "municipalitiesList"
    ]
  },
  {
    "scheme": "sessionQueryAuth",
    "label": "Session (query)",
    "in": "query",
    "name": "sessionid",
    "format": "<SESSION_ID>",
    "prefix": "",
    "secret": "SESSION_ID",
    "shownOn": []
  },
  {
    "scheme": "sessionCookieAuth",
    "label": "Session (cookie)",
    "in": "cookie",
    "name": "sessionid",
    "format": "<SESSION_ID>",
    "prefix": "",
    "secret": "SESSION_ID",
    "shownOn": [
      "municipalitiesList",
      "watchdogsCreate",
      "watchdogsEventsPartialUpdate",
      "watchdogsActivate",
      "watchdogsDeactivate",
      "watchdogsSubscribe",
      "watchdogsUnsubscribe"
    ]
  }
] as const;

export type CredentialForm = (typeof credentialForms)[number];
export type CredentialScheme = CredentialForm['scheme'];
