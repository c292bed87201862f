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
