// The contract's resource types, from the generated openapi-typescript layer.
import type { components } from '../../generated/schema';

type Schemas = components['schemas'];

export type Municipality = Schemas['Municipality'];
export type MunicipalityOfficial = Schemas['MunicipalityOfficial'];
export type MunicipalRole = Schemas['MunicipalRole'];
export type RelationshipType = Schemas['RelationshipType'];
export type VerificationStatus = Schemas['VerificationStatus'];
export type CompanyStatus = Schemas['CompanyStatus'];
export type MonitoredCompany = Schemas['MonitoredCompany'];
/** `last_signal` is an open object in the contract (its fields are not shown). */
export type Watchdog = Omit<Schemas['Watchdog'], 'last_signal'> & { last_signal: Record<string, unknown> };

/** A company as the sandbox stores it: the search-result fields, all present. */
export interface Company {
  uuid: string;
  name: string;
  country: 'AT' | 'DE' | 'CH';
  registration_number: string;
  status: CompanyStatus;
}

export const COMPANY_STATUSES: readonly CompanyStatus[] = [
  'Active', 'Inactive', 'In Liquidation', 'Dissolved', 'Bankrupt', 'Restructuring', 'Insolvency Proceeding', 'Relocated',
];
export const MUNICIPAL_ROLES: readonly MunicipalRole[] = [
  'mayor', 'vice_mayor', 'municipal_office_director', 'municipal_councillor', 'municipal_official',
];
export const VERIFICATION_STATUSES: readonly VerificationStatus[] = ['unverified', 'verified', 'disputed', 'pending_review'];
export const RELATIONSHIP_TYPES: readonly RelationshipType[] = [
  'shareholder', 'managing_director', 'board_of_directors', 'executive_board', 'supervisory_board', 'procurator',
  'general_partner', 'limited_partner', 'signatory', 'liquidator', 'parent', 'subsidiary', 'predecessor', 'partner',
  'supplier', 'customer', 'competitor', 'branch', 'association', 'auditor', 'employee', 'relocated_to', 'mayor',
  'vice_mayor', 'municipal_office_director', 'municipal_councillor', 'municipal_official', 'other',
];
