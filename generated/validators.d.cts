// Generated from openapi/ by `npm run generate`. Do not edit by hand.

/** One violation, as ajv reports it: the rule (`keyword`, `params`), where (`instancePath`) and a `message`. */
export interface ValidationError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A precompiled ajv validator: returns whether `data` is valid and leaves the errors on `errors`. */
export interface ContractValidator {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

export declare const CompanySearchRequest: ContractValidator;
export declare const CompanySearchResult: ContractValidator;
export declare const CompanyStatus: ContractValidator;
export declare const Error: ContractValidator;
export declare const MonitoredCompany: ContractValidator;
export declare const MunicipalRole: ContractValidator;
export declare const Municipality: ContractValidator;
export declare const MunicipalityOfficial: ContractValidator;
export declare const PaginatedCompanySearchResultList: ContractValidator;
export declare const PaginatedMunicipalityList: ContractValidator;
export declare const PatchedWatchdogRequest: ContractValidator;
export declare const RelationshipType: ContractValidator;
export declare const VerificationStatus: ContractValidator;
export declare const Watchdog: ContractValidator;
export declare const WatchdogActivateRequest: ContractValidator;
export declare const WatchdogRequest: ContractValidator;
export declare const WatchdogSubscriptionRequest: ContractValidator;
export declare const companiesSearch_param_query_page: ContractValidator;
export declare const companiesSearch_param_query_status: ContractValidator;
export declare const companiesSearch_request_json: ContractValidator;
export declare const companiesSearch_request_form_urlencoded: ContractValidator;
export declare const companiesSearch_request_form_data: ContractValidator;
export declare const companiesSearch_200_json: ContractValidator;
export declare const companiesSearch_400_json: ContractValidator;
export declare const companiesSearch_401_json: ContractValidator;
export declare const companiesSearch_403_json: ContractValidator;
export declare const municipalitiesList_param_query_country_code: ContractValidator;
export declare const municipalitiesList_param_query_country_code_exclude: ContractValidator;
export declare const municipalitiesList_param_query_district: ContractValidator;
export declare const municipalitiesList_param_query_official_code: ContractValidator;
export declare const municipalitiesList_param_query_official_role: ContractValidator;
export declare const municipalitiesList_param_query_page: ContractValidator;
export declare const municipalitiesList_param_query_q: ContractValidator;
export declare const municipalitiesList_param_query_state: ContractValidator;
export declare const municipalitiesList_param_query_status: ContractValidator;
export declare const municipalitiesList_param_query_uuid: ContractValidator;
export declare const municipalitiesList_200_json: ContractValidator;
export declare const municipalitiesList_400_json: ContractValidator;
export declare const municipalitiesList_401_json: ContractValidator;
export declare const municipalitiesList_403_json: ContractValidator;
export declare const watchdogsCreate_request_json: ContractValidator;
export declare const watchdogsCreate_201_json: ContractValidator;
export declare const watchdogsCreate_400_json: ContractValidator;
export declare const watchdogsCreate_401_json: ContractValidator;
export declare const watchdogsCreate_403_json: ContractValidator;
export declare const watchdogsEventsPartialUpdate_param_path_uuid: ContractValidator;
export declare const watchdogsEventsPartialUpdate_param_path_event_uuid: ContractValidator;
export declare const watchdogsEventsPartialUpdate_request_json: ContractValidator;
export declare const watchdogsEventsPartialUpdate_200_json: ContractValidator;
export declare const watchdogsEventsPartialUpdate_400_json: ContractValidator;
export declare const watchdogsEventsPartialUpdate_401_json: ContractValidator;
export declare const watchdogsEventsPartialUpdate_403_json: ContractValidator;
export declare const watchdogsEventsPartialUpdate_404_json: ContractValidator;
export declare const watchdogsActivate_param_path_uuid: ContractValidator;
export declare const watchdogsActivate_request_json: ContractValidator;
export declare const watchdogsActivate_200_json: ContractValidator;
export declare const watchdogsActivate_400_json: ContractValidator;
export declare const watchdogsActivate_401_json: ContractValidator;
export declare const watchdogsActivate_403_json: ContractValidator;
export declare const watchdogsActivate_404_json: ContractValidator;
export declare const watchdogsDeactivate_param_path_uuid: ContractValidator;
export declare const watchdogsDeactivate_request_json: ContractValidator;
export declare const watchdogsDeactivate_200_json: ContractValidator;
export declare const watchdogsDeactivate_400_json: ContractValidator;
export declare const watchdogsDeactivate_401_json: ContractValidator;
export declare const watchdogsDeactivate_403_json: ContractValidator;
export declare const watchdogsDeactivate_404_json: ContractValidator;
export declare const watchdogsSubscribe_param_path_uuid: ContractValidator;
export declare const watchdogsSubscribe_request_json: ContractValidator;
export declare const watchdogsSubscribe_200_json: ContractValidator;
export declare const watchdogsSubscribe_400_json: ContractValidator;
export declare const watchdogsSubscribe_401_json: ContractValidator;
export declare const watchdogsSubscribe_403_json: ContractValidator;
export declare const watchdogsSubscribe_404_json: ContractValidator;
export declare const watchdogsUnsubscribe_param_path_uuid: ContractValidator;
export declare const watchdogsUnsubscribe_request_json: ContractValidator;
export declare const watchdogsUnsubscribe_200_json: ContractValidator;
export declare const watchdogsUnsubscribe_400_json: ContractValidator;
export declare const watchdogsUnsubscribe_401_json: ContractValidator;
export declare const watchdogsUnsubscribe_403_json: ContractValidator;
export declare const watchdogsUnsubscribe_404_json: ContractValidator;
