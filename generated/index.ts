// Generated from openapi/ by `npm run generate`. Do not edit by hand.

/**
 * Every operation of the contract: method, path, whether it writes (`x-writes`), its
 * parameters, declared statuses and the validator of each parameter and body.
 */
export const operations = {
  "companiesSearch": {
    "method": "post",
    "path": "/api/v1/companies/search/",
    "writes": false,
    "parameters": [
      {
        "name": "page",
        "in": "query",
        "required": false,
        "repeated": false,
        "modellingChoice": false,
        "validator": "companiesSearch_param_query_page"
      },
      {
        "name": "status",
        "in": "query",
        "required": false,
        "repeated": true,
        "modellingChoice": true,
        "validator": "companiesSearch_param_query_status"
      }
    ],
    "requestBodyRequired": false,
    "requestBodies": {
      "application/json": "companiesSearch_request_json",
      "application/x-www-form-urlencoded": "companiesSearch_request_form_urlencoded",
      "multipart/form-data": "companiesSearch_request_form_data"
    },
    "responses": {
      "200": {
        "modellingChoice": true,
        "bodies": {
          "application/json": "companiesSearch_200_json"
        }
      },
      "400": {
        "modellingChoice": true,
        "bodies": {
          "application/json": "companiesSearch_400_json"
        }
      },
      "401": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "companiesSearch_401_json"
        }
      },
      "403": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "companiesSearch_403_json"
        }
      }
    }
  },
  "municipalitiesList": {
    "method": "get",
    "path": "/api/v1/municipalities/",
    "writes": false,
    "parameters": [
      {
        "name": "country_code",
        "in": "query",
        "required": false,
        "repeated": true,
        "modellingChoice": false,
        "validator": "municipalitiesList_param_query_country_code"
      },
      {
        "name": "country_code_exclude",
        "in": "query",
        "required": false,
        "repeated": true,
        "modellingChoice": false,
        "validator": "municipalitiesList_param_query_country_code_exclude"
      },
      {
        "name": "district",
        "in": "query",
        "required": false,
        "repeated": false,
        "modellingChoice": false,
        "validator": "municipalitiesList_param_query_district"
      },
      {
        "name": "official_code",
        "in": "query",
        "required": false,
        "repeated": true,
        "modellingChoice": false,
        "validator": "municipalitiesList_param_query_official_code"
      },
      {
        "name": "official_role",
        "in": "query",
        "required": false,
        "repeated": false,
        "modellingChoice": false,
        "validator": "municipalitiesList_param_query_official_role"
      },
      {
        "name": "page",
        "in": "query",
        "required": false,
        "repeated": false,
        "modellingChoice": false,
        "validator": "municipalitiesList_param_query_page"
      },
      {
        "name": "q",
        "in": "query",
        "required": false,
        "repeated": false,
        "modellingChoice": false,
        "validator": "municipalitiesList_param_query_q"
      },
      {
        "name": "state",
        "in": "query",
        "required": false,
        "repeated": false,
        "modellingChoice": false,
        "validator": "municipalitiesList_param_query_state"
      },
      {
        "name": "status",
        "in": "query",
        "required": false,
        "repeated": false,
        "modellingChoice": false,
        "validator": "municipalitiesList_param_query_status"
      },
      {
        "name": "uuid",
        "in": "query",
        "required": false,
        "repeated": true,
        "modellingChoice": false,
        "validator": "municipalitiesList_param_query_uuid"
      }
    ],
    "requestBodyRequired": false,
    "requestBodies": {},
    "responses": {
      "200": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "municipalitiesList_200_json"
        }
      },
      "400": {
        "modellingChoice": true,
        "bodies": {
          "application/json": "municipalitiesList_400_json"
        }
      },
      "401": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "municipalitiesList_401_json"
        }
      },
      "403": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "municipalitiesList_403_json"
        }
      }
    }
  },
  "watchdogsCreate": {
    "method": "post",
    "path": "/api/v1/watchdogs/",
    "writes": true,
    "parameters": [],
    "requestBodyRequired": true,
    "requestBodies": {
      "application/json": "watchdogsCreate_request_json"
    },
    "responses": {
      "201": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsCreate_201_json"
        }
      },
      "400": {
        "modellingChoice": true,
        "bodies": {
          "application/json": "watchdogsCreate_400_json"
        }
      },
      "401": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsCreate_401_json"
        }
      },
      "403": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsCreate_403_json"
        }
      }
    }
  },
  "watchdogsEventsPartialUpdate": {
    "method": "patch",
    "path": "/api/v1/watchdogs/{uuid}/events/{event_uuid}/",
    "writes": true,
    "parameters": [
      {
        "name": "uuid",
        "in": "path",
        "required": true,
        "repeated": false,
        "modellingChoice": false,
        "validator": "watchdogsEventsPartialUpdate_param_path_uuid"
      },
      {
        "name": "event_uuid",
        "in": "path",
        "required": true,
        "repeated": false,
        "modellingChoice": false,
        "validator": "watchdogsEventsPartialUpdate_param_path_event_uuid"
      }
    ],
    "requestBodyRequired": false,
    "requestBodies": {
      "application/json": "watchdogsEventsPartialUpdate_request_json"
    },
    "responses": {
      "200": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsEventsPartialUpdate_200_json"
        }
      },
      "400": {
        "modellingChoice": true,
        "bodies": {
          "application/json": "watchdogsEventsPartialUpdate_400_json"
        }
      },
      "401": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsEventsPartialUpdate_401_json"
        }
      },
      "403": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsEventsPartialUpdate_403_json"
        }
      },
      "404": {
        "modellingChoice": true,
        "bodies": {
          "application/json": "watchdogsEventsPartialUpdate_404_json"
        }
      }
    }
  },
  "watchdogsActivate": {
    "method": "post",
    "path": "/api/v1/watchdogs/{uuid}/activate/",
    "writes": true,
    "parameters": [
      {
        "name": "uuid",
        "in": "path",
        "required": true,
        "repeated": false,
        "modellingChoice": false,
        "validator": "watchdogsActivate_param_path_uuid"
      }
    ],
    "requestBodyRequired": false,
    "requestBodies": {
      "application/json": "watchdogsActivate_request_json"
    },
    "responses": {
      "200": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsActivate_200_json"
        }
      },
      "400": {
        "modellingChoice": true,
        "bodies": {
          "application/json": "watchdogsActivate_400_json"
        }
      },
      "401": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsActivate_401_json"
        }
      },
      "403": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsActivate_403_json"
        }
      },
      "404": {
        "modellingChoice": true,
        "bodies": {
          "application/json": "watchdogsActivate_404_json"
        }
      }
    }
  },
  "watchdogsDeactivate": {
    "method": "post",
    "path": "/api/v1/watchdogs/{uuid}/deactivate/",
    "writes": true,
    "parameters": [
      {
        "name": "uuid",
        "in": "path",
        "required": true,
        "repeated": false,
        "modellingChoice": false,
        "validator": "watchdogsDeactivate_param_path_uuid"
      }
    ],
    "requestBodyRequired": true,
    "requestBodies": {
      "application/json": "watchdogsDeactivate_request_json"
    },
    "responses": {
      "200": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsDeactivate_200_json"
        }
      },
      "400": {
        "modellingChoice": true,
        "bodies": {
          "application/json": "watchdogsDeactivate_400_json"
        }
      },
      "401": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsDeactivate_401_json"
        }
      },
      "403": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsDeactivate_403_json"
        }
      },
      "404": {
        "modellingChoice": true,
        "bodies": {
          "application/json": "watchdogsDeactivate_404_json"
        }
      }
    }
  },
  "watchdogsSubscribe": {
    "method": "post",
    "path": "/api/v1/watchdogs/{uuid}/subscribe/",
    "writes": true,
    "parameters": [
      {
        "name": "uuid",
        "in": "path",
        "required": true,
        "repeated": false,
        "modellingChoice": false,
        "validator": "watchdogsSubscribe_param_path_uuid"
      }
    ],
    "requestBodyRequired": false,
    "requestBodies": {
      "application/json": "watchdogsSubscribe_request_json"
    },
    "responses": {
      "200": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsSubscribe_200_json"
        }
      },
      "400": {
        "modellingChoice": true,
        "bodies": {
          "application/json": "watchdogsSubscribe_400_json"
        }
      },
      "401": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsSubscribe_401_json"
        }
      },
      "403": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsSubscribe_403_json"
        }
      },
      "404": {
        "modellingChoice": true,
        "bodies": {
          "application/json": "watchdogsSubscribe_404_json"
        }
      }
    }
  },
  "watchdogsUnsubscribe": {
    "method": "post",
    "path": "/api/v1/watchdogs/{uuid}/unsubscribe/",
    "writes": true,
    "parameters": [
      {
        "name": "uuid",
        "in": "path",
        "required": true,
        "repeated": false,
        "modellingChoice": false,
        "validator": "watchdogsUnsubscribe_param_path_uuid"
      }
    ],
    "requestBodyRequired": false,
    "requestBodies": {
      "application/json": "watchdogsUnsubscribe_request_json"
    },
    "responses": {
      "200": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsUnsubscribe_200_json"
        }
      },
      "400": {
        "modellingChoice": true,
        "bodies": {
          "application/json": "watchdogsUnsubscribe_400_json"
        }
      },
      "401": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsUnsubscribe_401_json"
        }
      },
      "403": {
        "modellingChoice": false,
        "bodies": {
          "application/json": "watchdogsUnsubscribe_403_json"
        }
      },
      "404": {
        "modellingChoice": true,
        "bodies": {
          "application/json": "watchdogsUnsubscribe_404_json"
        }
      }
    }
  }
} as const;

export type OperationId = keyof typeof operations;
export type SchemaName = 'CompanySearchRequest' | 'CompanySearchResult' | 'CompanyStatus' | 'Error' | 'MonitoredCompany' | 'MunicipalRole' | 'Municipality' | 'MunicipalityOfficial' | 'PaginatedCompanySearchResultList' | 'PaginatedMunicipalityList' | 'PatchedWatchdogRequest' | 'RelationshipType' | 'VerificationStatus' | 'Watchdog' | 'WatchdogActivateRequest' | 'WatchdogRequest' | 'WatchdogSubscriptionRequest';

/**
 * The operations that change stored state: a credential without write permission gets 403.
 */
export const writeOperations: readonly OperationId[] = [
  "watchdogsCreate",
  "watchdogsEventsPartialUpdate",
  "watchdogsActivate",
  "watchdogsDeactivate",
  "watchdogsSubscribe",
  "watchdogsUnsubscribe"
];

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

/**
 * The published error bodies by status, byte for byte from the contract's examples.
 */
export const publishedErrors = {
  "401": {
    "error": "Ungültiges oder abgelaufenes Token",
    "code": "unauthorized"
  },
  "403": {
    "error": "Unzureichende Berechtigungen",
    "code": "forbidden"
  }
} as const;

/** How a filter compares (openapi/README.md, `x-filter`). */
export type FilterMatch = 'equals' | 'excludes' | 'code-or-name' | 'text' | 'at-least' | 'at-most' | 'exists';
/** What a declared error status answers (`x-condition`). */
export type Condition = 'invalid-request' | 'missing-credentials' | 'invalid-credentials' | 'insufficient-permission' | 'unknown-resource';
/** How a field or a filter value compares: by its type in the schema. */
export type ValueType = 'string' | 'uuid' | 'date' | 'integer' | 'number' | 'boolean';

/** One filter (`x-filter` on a query parameter or a search body field). */
export interface FilterDeclaration {
  readonly where: 'query' | 'body';
  readonly name: string;
  readonly match: FilterMatch;
  /** The item fields it compares with (`officials[].relationship_type` reaches into an array); for code-or-name the codes first. */
  readonly reads: readonly string[];
  /** code-or-name: which of `reads` are names. */
  readonly names?: readonly string[];
  /** The published words it rests on. */
  readonly words: string;
  /** What it does with an item whose field is null or absent, where the contract says; absent: not published. */
  readonly nulls?: 'excluded' | 'included';
  /** The type of the fields it reads. */
  readonly field: ValueType;
  /** The type of a value given to it (an array's items). */
  readonly value: ValueType;
  /** Given repeated (`?a=1&a=2`). */
  readonly repeated: boolean;
}

/** A resource an identifier names (`x-resource`, `x-references`). */
export interface ResourceDeclaration {
  /** The resource's field that holds the identifier. */
  readonly key: string;
  /** The operation whose items are these resources. */
  readonly listedBy?: OperationId;
  /** The operation whose answer is a new one. */
  readonly createdBy?: OperationId;
  /** The identifier's format, where its schema gives one. */
  readonly format?: string;
}

/** What an operation means, as the contract declares it. */
export interface OperationMeaning {
  readonly filters: readonly FilterDeclaration[];
  /** The query parameter that picks a page (`x-pagination: page`). */
  readonly page?: string;
  /** The resource each path parameter names. */
  readonly pathResources: Readonly<Record<string, ResourceName>>;
  /** The resource a query parameter or body field refers to. */
  readonly references: { readonly query: Readonly<Record<string, ResourceName>>; readonly body: Readonly<Record<string, ResourceName>> };
  /** What each declared error status answers. */
  readonly conditions: Readonly<Record<string, readonly Condition[]>>;
  /** The blind areas: each place whose meaning the document does not declare, and what it lacks. */
  readonly blind: readonly string[];
}

/**
 * The resources identifiers name: the field holding the identifier, the operation listing them
 * and the one creating them (`x-resource`, `x-references`).
 */
export const resources = {
  "municipality": {
    "key": "uuid",
    "listedBy": "municipalitiesList",
    "format": "uuid"
  },
  "company": {
    "key": "uuid",
    "listedBy": "companiesSearch",
    "format": "uuid"
  },
  "tag": {
    "key": "uuid",
    "format": "uuid"
  },
  "watchdog": {
    "key": "uuid",
    "createdBy": "watchdogsCreate",
    "format": "uuid"
  },
  "event": {
    "key": "uuid"
  }
} as const satisfies Readonly<Record<string, ResourceDeclaration>>;

export type ResourceName = keyof typeof resources;

/**
 * What each operation means: its filters (`x-filter`), page parameter (`x-pagination`), the
 * resources its identifiers name (`x-resource`, `x-references`), what its error statuses answer
 * (`x-condition`), and its blind areas (what the document does not declare).
 */
export const meaning: Readonly<Record<OperationId, OperationMeaning>> = {
  "companiesSearch": {
    "filters": [
      {
        "where": "query",
        "name": "status",
        "match": "equals",
        "reads": [
          "status"
        ],
        "words": "company status values",
        "field": "string",
        "value": "string",
        "repeated": true
      },
      {
        "where": "body",
        "name": "name",
        "match": "text",
        "reads": [
          "name"
        ],
        "words": "searched by name",
        "field": "string",
        "value": "string",
        "repeated": false
      },
      {
        "where": "body",
        "name": "registration_number",
        "match": "text",
        "reads": [
          "registration_number"
        ],
        "words": "searched by local registry number",
        "field": "string",
        "value": "string",
        "repeated": false
      },
      {
        "where": "body",
        "name": "status",
        "match": "equals",
        "reads": [
          "status"
        ],
        "words": "company status values",
        "field": "string",
        "value": "string",
        "repeated": false
      },
      {
        "where": "body",
        "name": "country",
        "match": "equals",
        "reads": [
          "country"
        ],
        "words": "a country filter by country code (AT, DE, CH and others)",
        "field": "string",
        "value": "string",
        "repeated": false
      }
    ],
    "pathResources": {},
    "references": {
      "query": {},
      "body": {}
    },
    "conditions": {
      "400": [
        "invalid-request"
      ],
      "401": [
        "missing-credentials",
        "invalid-credentials"
      ],
      "403": [
        "insufficient-permission"
      ]
    },
    "blind": [],
    "page": "page"
  },
  "municipalitiesList": {
    "filters": [
      {
        "where": "query",
        "name": "country_code",
        "match": "equals",
        "reads": [
          "country_code"
        ],
        "words": "ISO 3166-1 alpha-2 country codes",
        "field": "string",
        "value": "string",
        "repeated": true
      },
      {
        "where": "query",
        "name": "country_code_exclude",
        "match": "excludes",
        "reads": [
          "country_code"
        ],
        "words": "excluded country codes",
        "field": "string",
        "value": "string",
        "repeated": true
      },
      {
        "where": "query",
        "name": "district",
        "match": "code-or-name",
        "reads": [
          "district_code",
          "district_name"
        ],
        "names": [
          "district_name"
        ],
        "words": "district code or name",
        "field": "string",
        "value": "string",
        "repeated": false
      },
      {
        "where": "query",
        "name": "official_code",
        "match": "equals",
        "reads": [
          "official_code"
        ],
        "words": "official municipality codes",
        "field": "string",
        "value": "string",
        "repeated": true
      },
      {
        "where": "query",
        "name": "official_role",
        "match": "equals",
        "reads": [
          "officials[].relationship_type"
        ],
        "words": "current municipal role",
        "field": "string",
        "value": "string",
        "repeated": false
      },
      {
        "where": "query",
        "name": "q",
        "match": "text",
        "reads": [
          "name",
          "official_code",
          "district_code",
          "district_name",
          "state_code",
          "state_name",
          "officials[].full_name",
          "officials[].first_name",
          "officials[].last_name"
        ],
        "words": "search over official code, municipality, district, region or official",
        "field": "string",
        "value": "string",
        "repeated": false
      },
      {
        "where": "query",
        "name": "state",
        "match": "code-or-name",
        "reads": [
          "state_code",
          "state_name"
        ],
        "names": [
          "state_name"
        ],
        "words": "state or region code or name",
        "field": "string",
        "value": "string",
        "repeated": false
      },
      {
        "where": "query",
        "name": "status",
        "match": "equals",
        "reads": [
          "status"
        ],
        "words": "national municipality type code",
        "field": "string",
        "value": "string",
        "repeated": false
      },
      {
        "where": "query",
        "name": "uuid",
        "match": "equals",
        "reads": [
          "uuid"
        ],
        "words": "municipality UUIDs",
        "field": "uuid",
        "value": "uuid",
        "repeated": true
      }
    ],
    "pathResources": {},
    "references": {
      "query": {
        "uuid": "municipality"
      },
      "body": {}
    },
    "conditions": {
      "400": [
        "invalid-request"
      ],
      "401": [
        "missing-credentials",
        "invalid-credentials"
      ],
      "403": [
        "insufficient-permission"
      ]
    },
    "blind": [],
    "page": "page"
  },
  "watchdogsCreate": {
    "filters": [],
    "pathResources": {},
    "references": {
      "query": {},
      "body": {
        "companies": "company",
        "tags": "tag"
      }
    },
    "conditions": {
      "400": [
        "invalid-request"
      ],
      "401": [
        "missing-credentials",
        "invalid-credentials"
      ],
      "403": [
        "insufficient-permission"
      ]
    },
    "blind": []
  },
  "watchdogsEventsPartialUpdate": {
    "filters": [],
    "pathResources": {
      "uuid": "watchdog",
      "event_uuid": "event"
    },
    "references": {
      "query": {},
      "body": {
        "companies": "company",
        "tags": "tag"
      }
    },
    "conditions": {
      "400": [
        "invalid-request"
      ],
      "401": [
        "missing-credentials",
        "invalid-credentials"
      ],
      "403": [
        "insufficient-permission"
      ],
      "404": [
        "unknown-resource"
      ]
    },
    "blind": []
  },
  "watchdogsActivate": {
    "filters": [],
    "pathResources": {
      "uuid": "watchdog"
    },
    "references": {
      "query": {},
      "body": {
        "companies": "company",
        "tags": "tag"
      }
    },
    "conditions": {
      "400": [
        "invalid-request"
      ],
      "401": [
        "missing-credentials",
        "invalid-credentials"
      ],
      "403": [
        "insufficient-permission"
      ],
      "404": [
        "unknown-resource"
      ]
    },
    "blind": []
  },
  "watchdogsDeactivate": {
    "filters": [],
    "pathResources": {
      "uuid": "watchdog"
    },
    "references": {
      "query": {},
      "body": {
        "companies": "company",
        "tags": "tag"
      }
    },
    "conditions": {
      "400": [
        "invalid-request"
      ],
      "401": [
        "missing-credentials",
        "invalid-credentials"
      ],
      "403": [
        "insufficient-permission"
      ],
      "404": [
        "unknown-resource"
      ]
    },
    "blind": []
  },
  "watchdogsSubscribe": {
    "filters": [],
    "pathResources": {
      "uuid": "watchdog"
    },
    "references": {
      "query": {},
      "body": {
        "companies": "company",
        "tags": "tag"
      }
    },
    "conditions": {
      "400": [
        "invalid-request"
      ],
      "401": [
        "missing-credentials",
        "invalid-credentials"
      ],
      "403": [
        "insufficient-permission"
      ],
      "404": [
        "unknown-resource"
      ]
    },
    "blind": []
  },
  "watchdogsUnsubscribe": {
    "filters": [],
    "pathResources": {
      "uuid": "watchdog"
    },
    "references": {
      "query": {},
      "body": {
        "companies": "company",
        "tags": "tag"
      }
    },
    "conditions": {
      "400": [
        "invalid-request"
      ],
      "401": [
        "missing-credentials",
        "invalid-credentials"
      ],
      "403": [
        "insufficient-permission"
      ],
      "404": [
        "unknown-resource"
      ]
    },
    "blind": []
  }
};
