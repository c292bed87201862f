// Generated from openapi/ by `npm run generate`. Do not edit by hand.
export interface paths {
    "/api/v1/companies/search/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search companies
         * @description Searches companies by name and/or local registry number, with a status filter and a country filter by country code (AT, DE, CH and others). The body is accepted as JSON, form-urlencoded or multipart. The response is the paginated list envelope.
         */
        post: operations["companiesSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/municipalities/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List municipalities with current officials
         * @description Lists current municipalities with their current officials, paginated. The published description mentions a CSV export of this list; its path, parameter and format are not shown, so it is not modelled.
         */
        get: operations["municipalitiesList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/watchdogs/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a watchdog
         * @description Creates a watchdog. `name` and `prompt` are required.
         */
        post: operations["watchdogsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/watchdogs/{uuid}/events/{event_uuid}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a watchdog through its event path
         * @description Updates a watchdog. All body fields are optional.
         */
        patch: operations["watchdogsEventsPartialUpdate"];
        trace?: never;
    };
    "/api/v1/watchdogs/{uuid}/activate/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate a watchdog
         * @description Shared watchdog action. Not specified: the effect of activate on `is_active` is not shown in the published document.
         */
        post: operations["watchdogsActivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/watchdogs/{uuid}/deactivate/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a watchdog
         * @description Requires `name` and `prompt` in the body (published). Not specified: the effect of deactivate on `is_active` is not shown in the published document.
         */
        post: operations["watchdogsDeactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/watchdogs/{uuid}/subscribe/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add companies or tags to a watchdog */
        post: operations["watchdogsSubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/watchdogs/{uuid}/unsubscribe/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove companies or tags from a watchdog */
        post: operations["watchdogsUnsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Company status, as published (search filter and result).
         * @enum {string}
         */
        CompanyStatus: "Active" | "Inactive" | "In Liquidation" | "Dissolved" | "Bankrupt" | "Restructuring" | "Insolvency Proceeding" | "Relocated";
        /** @description Company search body, accepted as JSON, form-urlencoded and multipart. Which fields are required is not shown; none is required here. */
        CompanySearchRequest: {
            name?: string;
            /** @description Local registry number. */
            registration_number?: string;
            status?: components["schemas"]["CompanyStatus"];
            /** @description Country filter by country code (for example AT, DE, CH). Not specified: the published document shows that a country filter exists but not its type or bounds, and it does not say that these codes are ISO 3166-1 alpha-2; a plain string without a pattern is a modelling choice. */
            country?: string;
        };
        /** @description One company in a search result. The published table lists the fields and their types but not which are required or nullable: none is marked required here (see `x-unspecified`). The full company record is not shown beyond these fields. */
        CompanySearchResult: {
            /** Format: uuid */
            uuid?: string;
            name?: string;
            /** @description Country of the company (for example AT, DE, CH). Format and bounds not shown. */
            country?: string;
            /** @description Local registry number. */
            registration_number?: string;
            status?: components["schemas"]["CompanyStatus"];
        };
        /** @description Paginated list envelope with company search result items. Page size and maximum page size are not shown in the published document. */
        PaginatedCompanySearchResultList: {
            /** @description Total number of items across all pages. */
            count: number;
            /**
             * Format: uri
             * @description URL of the next page.
             */
            next?: string | null;
            /**
             * Format: uri
             * @description URL of the previous page.
             */
            previous?: string | null;
            results: components["schemas"]["CompanySearchResult"][];
        };
        /** @description Error body as published: a JSON object with a human-readable `error` message and a machine-readable `code`. The full list of codes is not shown in the published document; only `unauthorized` (401) and `forbidden` (403) are published. */
        Error: {
            /** @description Human-readable message. */
            error: string;
            /** @description Machine-readable error code (published values `unauthorized`, `forbidden`; others not shown). */
            code: string;
        };
        /**
         * @description Current municipal role (`official_role` filter of the municipality list), as published.
         * @enum {string}
         */
        MunicipalRole: "mayor" | "municipal_councillor" | "municipal_office_director" | "municipal_official" | "vice_mayor";
        /**
         * @description Relationship type of a person or company to another entity, as published (28 values).
         * @enum {string}
         */
        RelationshipType: "shareholder" | "managing_director" | "board_of_directors" | "executive_board" | "supervisory_board" | "procurator" | "general_partner" | "limited_partner" | "signatory" | "liquidator" | "parent" | "subsidiary" | "predecessor" | "partner" | "supplier" | "customer" | "competitor" | "branch" | "association" | "auditor" | "employee" | "relocated_to" | "mayor" | "vice_mayor" | "municipal_office_director" | "municipal_councillor" | "municipal_official" | "other";
        /**
         * @description Verification status of an official's relationship, as published.
         * @enum {string}
         */
        VerificationStatus: "unverified" | "verified" | "disputed" | "pending_review";
        /** @description A current official of a municipality. */
        MunicipalityOfficial: {
            relationship_type: components["schemas"]["RelationshipType"];
            readonly role: string;
            readonly first_name: string;
            readonly last_name: string;
            readonly full_name: string;
            /** Format: uuid */
            readonly person_uuid: string;
            readonly person_url: string;
            /**
             * Format: email
             * @description Work e-mail for this role.
             */
            work_email?: string | null;
            /** @description Work phone for this role. */
            work_phone?: string | null;
            /**
             * Format: date
             * @description When the relationship began.
             */
            start_date?: string | null;
            /**
             * Format: uri
             * @description Source of the relationship information.
             */
            source_url?: string | null;
            readonly source_label: string | null;
            readonly source_as_of: string | null;
            readonly source_role: string | null;
            verification_status?: components["schemas"]["VerificationStatus"];
        };
        /** @description A current municipality with its current officials. */
        Municipality: {
            /** Format: uuid */
            readonly uuid: string;
            /** @description ISO 3166-1 alpha-2 country code (two upper-case letters). */
            country_code: string;
            /** @description Official municipality code. */
            official_code: string;
            name: string;
            district_code?: string;
            district_name?: string;
            /** @description State or region code. */
            state_code?: string;
            state_name?: string;
            /** @description National municipality type code. */
            readonly status: string;
            /** @description Display text of status. */
            readonly status_display: string;
            nuts3_code?: string;
            lau_code?: string;
            population?: number | null;
            /**
             * Format: date
             * @description Reference date of the latest imported population figure.
             */
            population_as_of?: string | null;
            /**
             * Format: date
             * @description Reference date of the official source data.
             */
            reference_date?: string | null;
            readonly company_count: number;
            /** @description Current officials. */
            readonly officials: components["schemas"]["MunicipalityOfficial"][];
            readonly profile_url: string;
            readonly budget_url: string;
        };
        /** @description Paginated list envelope with municipality items. Page size and maximum page size are not shown in the published document. */
        PaginatedMunicipalityList: {
            /** @description Total number of items across all pages. */
            count: number;
            /**
             * Format: uri
             * @description URL of the next page.
             */
            next?: string | null;
            /**
             * Format: uri
             * @description URL of the previous page.
             */
            previous?: string | null;
            results: components["schemas"]["Municipality"][];
        };
        /** @description Watchdog body of create and deactivate, as published (name and prompt required). */
        WatchdogRequest: {
            name: string;
            prompt: string;
            companies?: string[];
            tags?: string[];
            is_active?: boolean;
        };
        /** @description Monitored-company summary inside a watchdog. The published document lists the fields and their types only; required-ness is not shown (see `x-unspecified`). `status` is published as a plain string here, not as the company status enum. */
        MonitoredCompany: {
            /** Format: uuid */
            uuid?: string;
            name?: string;
            registration_number?: string;
            country?: string;
            status?: string;
        };
        /** @description A named monitoring definition over companies and tags. */
        Watchdog: {
            /** Format: uuid */
            uuid: string;
            name: string;
            /** @description Natural-language description of what to monitor. */
            prompt: string;
            monitored_company_count: number;
            monitored_companies: components["schemas"]["MonitoredCompany"][];
            /** @description Not specified: the published document shows this field only as an object. It is modelled as an open object; no property of it is a rule. */
            last_signal: Record<string, never>;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            companies?: string[];
            tags?: string[];
            /** @description Whether the watchdog is active. Not specified: its transitions, and the effect of the activate and deactivate operations on it. */
            is_active?: boolean;
        };
        /** @description Watchdog update body; all fields are optional, as published. */
        PatchedWatchdogRequest: {
            name?: string;
            prompt?: string;
            companies?: string[];
            tags?: string[];
            is_active?: boolean;
        };
        /** @description Activate body: the same fields as the create body. Not specified: which of them are required for activate is not shown, so none is required here; clients that want to be safe send `name` and `prompt` as for create. */
        WatchdogActivateRequest: {
            name?: string;
            prompt?: string;
            companies?: string[];
            tags?: string[];
            is_active?: boolean;
        };
        /** @description Companies and tags to add (subscribe) or remove (unsubscribe). Not specified: which fields are required is not shown, so none is required here. */
        WatchdogSubscriptionRequest: {
            /** @description Company UUIDs. */
            companies?: string[];
            /** @description Tag UUIDs. */
            tags?: string[];
        };
    };
    responses: {
        /** @description Paginated list of matching companies. Not specified: the exact success status of company search is not shown; 200 is a modelling choice. */
        CompanySearchPage: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PaginatedCompanySearchResultList"];
            };
        };
        /** @description Not specified: validation failures are not shown in the published document. Declared as a modelling choice so that clients and the mock have one shape for a refused request: status 400 and the published error body `{error, code}`. The real status may be another 4xx. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Token invalid or expired (published). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Token valid but permissions insufficient (published). */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Paginated list of current municipalities with their current officials. */
        MunicipalityPage: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PaginatedMunicipalityList"];
            };
        };
        /** @description The watchdog was created. */
        WatchdogCreated: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Watchdog"];
            };
        };
        /** @description The watchdog after the action. */
        WatchdogOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Watchdog"];
            };
        };
        /** @description Not specified: missing resources are not shown in the published document. Declared as a modelling choice (status 404 with the published error body) for an unknown watchdog. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Page number. Page size, maximum page size and the lowest page number are not shown in the published document. */
        Page: number;
        /** @description Company status values. Not specified: the published document says a further query parameter carries the company status values but does not show its name; `status` (repeated, one value each) is a modelling choice. */
        CompanyStatusQuery: components["schemas"]["CompanyStatus"][];
        /** @description ISO 3166-1 alpha-2 country codes (repeated parameter), each two upper-case letters. */
        CountryCode: string[];
        /** @description Excluded country codes (repeated parameter). Not specified: their format. The published document calls them "excluded country codes" without saying, as it does for `country_code`, that they are ISO 3166-1 alpha-2; no pattern or length is imposed, so whether a deployment refuses a value that is not an alpha-2 code is unknown. */
        CountryCodeExclude: string[];
        /** @description District code or name. */
        District: string;
        /** @description Official municipality codes (repeated parameter). */
        OfficialCode: string[];
        /** @description Current municipal role. */
        OfficialRole: components["schemas"]["MunicipalRole"];
        /** @description Search over official code, municipality, district, region or official. */
        Q: string;
        /** @description State or region code or name. */
        State: string;
        /** @description National municipality type code. */
        MunicipalityStatus: string;
        /** @description Municipality UUIDs (repeated parameter). */
        MunicipalityUuid: string[];
        /** @description UUID of the watchdog. */
        WatchdogUuid: string;
        /** @description UUID of the event. Published as a string (not as a UUID-typed field), so no format is enforced. */
        EventUuid: string;
    };
    requestBodies: {
        /** @description Search criteria. The same fields are accepted as JSON, form-urlencoded and multipart (published). Whether the body itself is required is not shown. */
        CompanySearch: {
            content: {
                "application/json": components["schemas"]["CompanySearchRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["CompanySearchRequest"];
                "multipart/form-data": components["schemas"]["CompanySearchRequest"];
            };
        };
        WatchdogCreate: {
            content: {
                "application/json": components["schemas"]["WatchdogRequest"];
            };
        };
        /** @description All fields are optional (published). Whether an empty body is accepted is not shown. */
        WatchdogPatch: {
            content: {
                "application/json": components["schemas"]["PatchedWatchdogRequest"];
            };
        };
        /** @description Same fields as the create body (published). Not specified: which are required, and whether a body is required at all. */
        WatchdogActivate: {
            content: {
                "application/json": components["schemas"]["WatchdogActivateRequest"];
            };
        };
        /** @description Name and prompt are required (published), as in the create body. */
        WatchdogDeactivate: {
            content: {
                "application/json": components["schemas"]["WatchdogRequest"];
            };
        };
        /** @description Company and tag UUIDs to add. Not specified which fields, or whether a body, are required. */
        WatchdogSubscribe: {
            content: {
                "application/json": components["schemas"]["WatchdogSubscriptionRequest"];
            };
        };
        /** @description Company and tag UUIDs to remove. Not specified which fields, or whether a body, are required. */
        WatchdogUnsubscribe: {
            content: {
                "application/json": components["schemas"]["WatchdogSubscriptionRequest"];
            };
        };
    };
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    companiesSearch: {
        parameters: {
            query?: {
                /** @description Page number. Page size, maximum page size and the lowest page number are not shown in the published document. */
                page?: components["parameters"]["Page"];
                /** @description Company status values. Not specified: the published document says a further query parameter carries the company status values but does not show its name; `status` (repeated, one value each) is a modelling choice. */
                status?: components["parameters"]["CompanyStatusQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["CompanySearch"];
        responses: {
            200: components["responses"]["CompanySearchPage"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    municipalitiesList: {
        parameters: {
            query?: {
                /** @description ISO 3166-1 alpha-2 country codes (repeated parameter), each two upper-case letters. */
                country_code?: components["parameters"]["CountryCode"];
                /** @description Excluded country codes (repeated parameter). Not specified: their format. The published document calls them "excluded country codes" without saying, as it does for `country_code`, that they are ISO 3166-1 alpha-2; no pattern or length is imposed, so whether a deployment refuses a value that is not an alpha-2 code is unknown. */
                country_code_exclude?: components["parameters"]["CountryCodeExclude"];
                /** @description District code or name. */
                district?: components["parameters"]["District"];
                /** @description Official municipality codes (repeated parameter). */
                official_code?: components["parameters"]["OfficialCode"];
                /** @description Current municipal role. */
                official_role?: components["parameters"]["OfficialRole"];
                /** @description Page number. Page size, maximum page size and the lowest page number are not shown in the published document. */
                page?: components["parameters"]["Page"];
                /** @description Search over official code, municipality, district, region or official. */
                q?: components["parameters"]["Q"];
                /** @description State or region code or name. */
                state?: components["parameters"]["State"];
                /** @description National municipality type code. */
                status?: components["parameters"]["MunicipalityStatus"];
                /** @description Municipality UUIDs (repeated parameter). */
                uuid?: components["parameters"]["MunicipalityUuid"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["MunicipalityPage"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    watchdogsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["WatchdogCreate"];
        responses: {
            201: components["responses"]["WatchdogCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    watchdogsEventsPartialUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the watchdog. */
                uuid: components["parameters"]["WatchdogUuid"];
                /** @description UUID of the event. Published as a string (not as a UUID-typed field), so no format is enforced. */
                event_uuid: components["parameters"]["EventUuid"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["WatchdogPatch"];
        responses: {
            200: components["responses"]["WatchdogOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    watchdogsActivate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the watchdog. */
                uuid: components["parameters"]["WatchdogUuid"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["WatchdogActivate"];
        responses: {
            200: components["responses"]["WatchdogOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    watchdogsDeactivate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the watchdog. */
                uuid: components["parameters"]["WatchdogUuid"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["WatchdogDeactivate"];
        responses: {
            200: components["responses"]["WatchdogOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    watchdogsSubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the watchdog. */
                uuid: components["parameters"]["WatchdogUuid"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["WatchdogSubscribe"];
        responses: {
            200: components["responses"]["WatchdogOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    watchdogsUnsubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID of the watchdog. */
                uuid: components["parameters"]["WatchdogUuid"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["WatchdogUnsubscribe"];
        responses: {
            200: components["responses"]["WatchdogOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
}
