// The contract's resource types (from the generated openapi-typescript layer) and its enums
// (from the bundled document, so no value list is typed by hand).
import type { SchemaName } from '../../generated';
import contract from '../../generated/openapi.json';
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

/** An enum of the contract, in the contract's order. */
function contractEnum<T extends string>(schema: SchemaName): readonly T[] {
  const values = (contract.components.schemas as Record<string, { enum?: string[] }>)[schema]?.enum;
  if (!values) throw new Error(`schema ${schema} of generated/openapi.json has no enum`);
  return values as T[];
}

export const COMPANY_STATUSES = contractEnum<CompanyStatus>('CompanyStatus');
export const MUNICIPAL_ROLES = contractEnum<MunicipalRole>('MunicipalRole');
export const VERIFICATION_STATUSES = contractEnum<VerificationStatus>('VerificationStatus');
export const RELATIONSHIP_TYPES = contractEnum<RelationshipType>('RelationshipType');
