// What the page and the test agree on: the sandbox's settings in the page and what it reports.
export const TOKEN = 'browser-token';
export const SESSION_ID = 'ab/cd+ef==';
export const PAGE_SIZE = 5;

export interface Exchange {
  status: number;
  body: any;
}

export interface PageRun {
  list: Exchange;
  created: Exchange;
  deactivated: Exchange;
  bySession: Exchange;
  anonymous: Exchange;
}
