// Golden pairs for the breaking-change gate: each case mutates the real bundled contract
// (generated/openapi.json) a little and names what the gate must report. `base` mutates the
// base too, for cases that need something the contract does not have (a `maximum`, a `{}`).
import type { Contract } from './support';

export interface GoldenCase {
  name: string;
  /** Applied to the base copy (rarely needed). */
  base?: (doc: Contract) => void;
  /** Applied to the revision copy (after `base`). */
  mutate: (doc: Contract) => void;
  /** Every place of every finding, as `severity rule @ location`; empty for a change that breaks nothing. */
  findings: string[];
  verdict: 'fail' | 'pass';
}

const WATCHDOGS = '/api/v1/watchdogs/';
const ACTIVATE = '/api/v1/watchdogs/{uuid}/activate/';
const MUNICIPALITIES = '/api/v1/municipalities/';
const SEARCH = '/api/v1/companies/search/';

const DEACTIVATE = '/api/v1/watchdogs/{uuid}/deactivate/';
/** Where a watchdog is answered: create (201), and 200 from the five operations of responses/WatchdogOk. */
const WATCHDOG_ANSWERS = [
  `POST ${WATCHDOGS} response 201`,
  ...['PATCH /api/v1/watchdogs/{uuid}/events/{event_uuid}/', ...['activate', 'deactivate', 'subscribe', 'unsubscribe'].map((verb) => `POST /api/v1/watchdogs/{uuid}/${verb}/`)].map(
    (operation) => `${operation} response 200`,
  ),
];
/** WatchdogRequest is the body of create and of deactivate. */
const WATCHDOG_REQUESTS = [`POST ${WATCHDOGS} request body`, `POST ${DEACTIVATE} request body`];
/** Query parameter `page` (components/parameters/Page) is used by the search and the municipality list. */
const PAGE_PARAMETERS = [`POST ${SEARCH} query parameter page`, `GET ${MUNICIPALITIES} query parameter page`];
/** `severity rule @ place field` at each place (a keyword rule names the keyword after the field: `name maxLength`). */
const atEach = (finding: string, places: string[], field = '') => places.map((place) => `${finding} @ ${place}${field && ` ${field}`}`);

const schemas = (doc: Contract) => doc.components.schemas;
const property = (doc: Contract, schema: string, name: string) => schemas(doc)[schema]!.properties[name]!;
const create = (doc: Contract) => doc.paths[WATCHDOGS]!.post!;

/** Breaking changes: one pair per rule of the gate. */
const BREAKING: GoldenCase[] = [
  {
    name: 'path removed',
    mutate: (doc) => void delete doc.paths[ACTIVATE],
    findings: [`break path-removed @ ${ACTIVATE}`],
    verdict: 'fail',
  },
  {
    name: 'operation removed',
    mutate: (doc) => void delete doc.paths[ACTIVATE]!.post,
    findings: [`break operation-removed @ POST ${ACTIVATE}`],
    verdict: 'fail',
  },
  {
    name: 'success status removed',
    mutate: (doc) => void delete doc.paths[MUNICIPALITIES]!.get!.responses['200'],
    findings: [`break response-removed @ GET ${MUNICIPALITIES} response 200`],
    verdict: 'fail',
  },
  {
    name: 'success status changed (watchdog create 201 → 200)',
    mutate: (doc) => {
      const responses = create(doc).responses;
      responses['200'] = responses['201'];
      delete responses['201'];
    },
    findings: [`break response-removed @ POST ${WATCHDOGS} response 201`],
    verdict: 'fail',
  },
  {
    name: 'required query parameter added',
    mutate: (doc) => void doc.paths[MUNICIPALITIES]!.get!.parameters!.push({ name: 'region', in: 'query', required: true, schema: { type: 'string' } }),
    findings: [`break parameter-became-required @ GET ${MUNICIPALITIES} query parameter region`],
    verdict: 'fail',
  },
  {
    name: 'query parameter made required',
    mutate: (doc) => void (doc.components.parameters.District!.required = true),
    findings: [`break parameter-became-required @ GET ${MUNICIPALITIES} query parameter district`],
    verdict: 'fail',
  },
  {
    name: 'required body property added (WatchdogRequest, shared by create and deactivate: shown at both)',
    mutate: (doc) => {
      schemas(doc).WatchdogRequest!.properties.note = { type: 'string' };
      schemas(doc).WatchdogRequest!.required!.push('note');
    },
    findings: atEach('break required-properties-added', WATCHDOG_REQUESTS, 'note'),
    verdict: 'fail',
  },
  {
    name: 'body property made required (tags on watchdog create)',
    mutate: (doc) => void schemas(doc).WatchdogRequest!.required!.push('tags'),
    findings: atEach('break required-properties-added', WATCHDOG_REQUESTS, 'tags'),
    verdict: 'fail',
  },
  {
    name: 'request body made required',
    mutate: (doc) => void (doc.components.requestBodies.CompanySearch!.required = true),
    findings: [`break request-body-became-required @ POST ${SEARCH} request body`],
    verdict: 'fail',
  },
  {
    name: 'parameter type changed',
    mutate: (doc) => void (doc.components.parameters.Page!.schema.type = 'string'),
    findings: atEach('break schema-type-changed', PAGE_PARAMETERS),
    verdict: 'fail',
  },
  {
    name: 'request body property type changed',
    mutate: (doc) => void (property(doc, 'WatchdogRequest', 'is_active').type = 'string'),
    findings: atEach('break schema-type-changed', WATCHDOG_REQUESTS, 'is_active'),
    verdict: 'fail',
  },
  {
    name: 'response property type changed',
    mutate: (doc) => void (property(doc, 'Watchdog', 'monitored_company_count').type = 'string'),
    findings: atEach('break schema-type-changed', WATCHDOG_ANSWERS, 'monitored_company_count'),
    verdict: 'fail',
  },
  {
    name: 'request enum value removed (CompanyStatus, used by the query and the body: shown at both)',
    mutate: (doc) => void schemas(doc).CompanyStatus!.enum!.pop(),
    findings: [`break enum-values-removed @ POST ${SEARCH} query parameter status[]`, `break enum-values-removed @ POST ${SEARCH} request body status`],
    verdict: 'fail',
  },
  {
    name: 'response property removed',
    mutate: (doc) => void delete schemas(doc).Watchdog!.properties.is_active,
    findings: atEach('break property-removed', WATCHDOG_ANSWERS, 'is_active'),
    verdict: 'fail',
  },
  {
    name: 'required response property removed (one finding, not two)',
    mutate: (doc) => {
      delete schemas(doc).Watchdog!.properties.prompt;
      schemas(doc).Watchdog!.required = schemas(doc).Watchdog!.required!.filter((name) => name !== 'prompt');
    },
    findings: atEach('break property-removed', WATCHDOG_ANSWERS, 'prompt'),
    verdict: 'fail',
  },
  {
    name: 'response property made optional',
    mutate: (doc) => void (schemas(doc).Watchdog!.required = schemas(doc).Watchdog!.required!.filter((name) => name !== 'prompt')),
    findings: atEach('break required-properties-removed', WATCHDOG_ANSWERS, 'prompt'),
    verdict: 'fail',
  },
  {
    name: 'response property made nullable',
    mutate: (doc) => void (property(doc, 'Watchdog', 'prompt').type = ['string', 'null']),
    findings: atEach('break schema-type-changed', WATCHDOG_ANSWERS, 'prompt'),
    verdict: 'fail',
  },
  {
    name: 'nested response property made optional',
    mutate: (doc) => void schemas(doc).MunicipalityOfficial!.required!.shift(),
    findings: [`break required-properties-removed @ GET ${MUNICIPALITIES} response 200 results[].officials[].relationship_type`],
    verdict: 'fail',
  },
  {
    name: 'request maxLength decreased',
    mutate: (doc) => void (property(doc, 'WatchdogRequest', 'name').maxLength = 100),
    findings: atEach('break schema-constraint-changed', WATCHDOG_REQUESTS, 'name maxLength'),
    verdict: 'fail',
  },
  {
    name: 'request maximum decreased',
    base: (doc) => void (doc.components.parameters.Page!.schema.maximum = 100),
    mutate: (doc) => void (doc.components.parameters.Page!.schema.maximum = 50),
    findings: atEach('break schema-constraint-changed', PAGE_PARAMETERS, 'maximum'),
    verdict: 'fail',
  },
  {
    name: 'request pattern added',
    mutate: (doc) => void (property(doc, 'WatchdogRequest', 'name').pattern = '^[a-z ]+$'),
    findings: atEach('break pattern-changed', WATCHDOG_REQUESTS, 'name'),
    verdict: 'fail',
  },
  {
    name: 'response maxLength increased',
    mutate: (doc) => void (property(doc, 'Watchdog', 'name').maxLength = 300),
    findings: atEach('break schema-constraint-changed', WATCHDOG_ANSWERS, 'name maxLength'),
    verdict: 'fail',
  },
  {
    name: 'response maximum increased',
    mutate: (doc) => void (property(doc, 'Municipality', 'population').maximum = 4294967295),
    findings: [`break schema-constraint-changed @ GET ${MUNICIPALITIES} response 200 results[].population maximum`],
    verdict: 'fail',
  },
  {
    name: 'request media type removed',
    mutate: (doc) => void delete doc.components.requestBodies.CompanySearch!.content['multipart/form-data'],
    findings: [`break media-type-removed @ POST ${SEARCH} request body multipart/form-data`],
    verdict: 'fail',
  },
  {
    name: 'response media type replaced',
    mutate: (doc) => {
      const content = doc.components.responses.WatchdogCreated!.content;
      content['application/xml'] = content['application/json'];
      delete content['application/json'];
    },
    findings: [`break media-type-removed @ POST ${WATCHDOGS} response 201 application/json`],
    verdict: 'fail',
  },
  {
    name: 'security scheme removed',
    mutate: (doc) => {
      delete doc.components.securitySchemes.sessionQueryAuth;
      doc.security = doc.security!.filter((requirement) => !('sessionQueryAuth' in requirement));
    },
    findings: [
      'break security-scheme-changed @ security scheme sessionQueryAuth',
      'break security-requirement-changed @ security requirement sessionQueryAuth',
    ],
    verdict: 'fail',
  },
  {
    name: 'security made required where it was optional (root {} alternative removed)',
    base: (doc) => void doc.security!.push({}),
    mutate: (doc) => void (doc.security = doc.security!.filter((requirement) => Object.keys(requirement).length > 0)),
    findings: ['break security-requirement-changed @ security requirement (anonymous)'],
    verdict: 'fail',
  },
  {
    name: 'security made required on an operation (own check: `security: []` override removed)',
    base: (doc) => void (create(doc).security = []),
    mutate: (doc) => void delete create(doc).security,
    findings: [`break operation-auth-became-required @ POST ${WATCHDOGS} security`],
    verdict: 'fail',
  },
];

/** Warnings are reported but pass. */
const WARNINGS: GoldenCase[] = [
  {
    name: 'response enum value added',
    mutate: (doc) => void schemas(doc).VerificationStatus!.enum!.push('rejected'),
    findings: [`warning enum-values-added @ GET ${MUNICIPALITIES} response 200 results[].officials[].verification_status`],
    verdict: 'pass',
  },
  {
    name: 'enum value added to an enum used in requests and responses (company status)',
    mutate: (doc) => void schemas(doc).CompanyStatus!.enum!.push('Merged'),
    findings: [`warning enum-values-added @ POST ${SEARCH} query parameter status[]`, `warning enum-values-added @ POST ${SEARCH} request body status`],
    verdict: 'pass',
  },
];

/** Changes that break no client: no finding at all. */
const NON_BREAKING: GoldenCase[] = [
  { name: 'no change', mutate: () => undefined, findings: [], verdict: 'pass' },
  {
    name: 'optional request body property added',
    mutate: (doc) => void (schemas(doc).WatchdogRequest!.properties.note = { type: 'string', maxLength: 500 }),
    findings: [],
    verdict: 'pass',
  },
  {
    name: 'optional query parameter added',
    mutate: (doc) => void doc.paths[MUNICIPALITIES]!.get!.parameters!.push({ name: 'region', in: 'query', schema: { type: 'string' } }),
    findings: [],
    verdict: 'pass',
  },
  {
    name: 'operation added',
    mutate: (doc) => {
      doc.paths[WATCHDOGS]!.get = { operationId: 'watchdogsList', responses: { '200': { description: 'The watchdogs.' } } };
    },
    findings: [],
    verdict: 'pass',
  },
  {
    name: 'optional response property added (Watchdog)',
    mutate: (doc) => void (schemas(doc).Watchdog!.properties.note = { type: 'string' }),
    findings: [],
    verdict: 'pass',
  },
  {
    name: 'request bound widened (maxLength 200 → 300)',
    mutate: (doc) => void (property(doc, 'WatchdogRequest', 'name').maxLength = 300),
    findings: [],
    verdict: 'pass',
  },
  {
    name: 'response bound narrowed (maxLength 200 → 100)',
    mutate: (doc) => void (property(doc, 'Watchdog', 'name').maxLength = 100),
    findings: [],
    verdict: 'pass',
  },
  {
    name: 'request-only enum value added (official role)',
    mutate: (doc) => void schemas(doc).MunicipalRole!.enum!.push('clerk'),
    findings: [],
    verdict: 'pass',
  },
];

export const GOLDEN_CASES: readonly GoldenCase[] = [...BREAKING, ...WARNINGS, ...NON_BREAKING];
