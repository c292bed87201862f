// Generated from openapi/ by `npm run generate`. Do not edit by hand.
import * as validators from './validators.cjs';
import type { ContractValidator } from './validators.cjs';

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

/** The operations that change stored state: a credential without write permission gets 403. */
export const writeOperations = (Object.keys(operations) as OperationId[]).filter((id) => operations[id].writes);

export { credentialForms, type CredentialForm, type CredentialScheme } from './credential-forms';

/** The published error bodies by status, byte for byte from the contract's examples. */
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

export interface ValidationResult {
  valid: boolean;
  /** One line per violation: the JSON pointer and the rule, e.g. `/results/3/population must be <= 2147483647`. */
  errors: string[];
}

export type BodyValidator = (data: unknown) => ValidationResult;

/** Turns ajv's errors into lines that name the JSON pointer and the broken rule. */
export function formatErrors(errors: ContractValidator['errors']): string[] {
  return (errors ?? []).map((error) => {
    const params = error.params as Record<string, unknown>;
    const pointer =
      error.keyword === 'required'
        ? `${error.instancePath}/${String(params.missingProperty)}`
        : error.instancePath || '/';
    const allowed = Array.isArray(params.allowedValues) ? `: ${params.allowedValues.join(', ')}` : '';
    return `${pointer} ${error.message ?? error.keyword}${allowed}`;
  });
}

function run(validator: ContractValidator): BodyValidator {
  return (data) => {
    const valid = validator(data);
    return { valid, errors: valid ? [] : formatErrors(validator.errors) };
  };
}

function byId(id: string | undefined): BodyValidator | undefined {
  const validator = id ? (validators as unknown as Record<string, ContractValidator>)[id] : undefined;
  return validator ? run(validator) : undefined;
}

/** The validator of an operation's response body for a status and media type, if declared. */
export function validatorFor(
  operationId: OperationId,
  status: number | string,
  mediaType = 'application/json',
): BodyValidator | undefined {
  const response = (operations[operationId].responses as Record<string, { bodies: Record<string, string> }>)[
    String(status)
  ];
  return byId(response?.bodies[mediaType]);
}

/** The validator of an operation's request body for a media type, if declared. */
export function requestValidatorFor(
  operationId: OperationId,
  mediaType = 'application/json',
): BodyValidator | undefined {
  return byId((operations[operationId].requestBodies as Record<string, string>)[mediaType]);
}

/** The validator of a parameter's value (one item per repetition for a repeated parameter: the whole array). */
export function parameterValidatorFor(
  operationId: OperationId,
  place: 'query' | 'path' | 'header' | 'cookie',
  name: string,
): BodyValidator | undefined {
  const parameters = operations[operationId].parameters as ReadonlyArray<{ name: string; in: string; validator: string }>;
  return byId(parameters.find((p) => p.in === place && p.name === name)?.validator);
}

/** The validator of a component schema by name. */
export function schemaValidator(name: SchemaName): BodyValidator {
  return byId(name) as BodyValidator;
}

/** The statuses an operation declares, as numbers. */
export function declaredStatuses(operationId: OperationId): number[] {
  return Object.keys(operations[operationId].responses).map(Number);
}
