/**
 * The relations a quick add can create from a source person (`POST /api/script/runs/quick-add-relations`).
 * Every relation is declared by the new person (it holds or is linked to the source), so the quick
 * add posts the new person with `descendants: [{personRegistration: source, relation}]` in one call.
 * `quickAddRoles` are the roles given to the new person; `personTypes` the types it may have.
 */
import { companyPersonTypes } from '@lbo/model/entities/person/person-rules';

export interface QuickAddRelation {
  relation: string;
  label: string;
  personTypes: string[];
  quickAddRoles: string[];
}

const companies = companyPersonTypes;

/** By the source's person type. */
export const quickAddRelations: Record<'company' | 'individual', QuickAddRelation[]> = {
  company: [
    { relation: 'MANAGER', label: 'Manager', personTypes: ['I'], quickAddRoles: [] },
    { relation: 'SIGNEROF', label: 'Signatory', personTypes: ['I'], quickAddRoles: ['SIGNEROF'] },
    { relation: 'SHAREHOLDER', label: 'Shareholder', personTypes: ['I', 'C'], quickAddRoles: [] },
    { relation: 'PARENT_COMPANY', label: 'Parent company', personTypes: companies, quickAddRoles: [] },
    { relation: 'GUARANTOR', label: 'Guarantor', personTypes: ['I', 'C'], quickAddRoles: [] },
  ],
  individual: [
    { relation: 'SPOUSE', label: 'Spouse', personTypes: ['I'], quickAddRoles: [] },
    { relation: 'EMPLOYER', label: 'Employer', personTypes: ['C'], quickAddRoles: [] },
    { relation: 'GUARANTOR', label: 'Guarantor', personTypes: ['I', 'C'], quickAddRoles: [] },
  ],
};

export const relationsFor = (personType: string) =>
  quickAddRelations[companies.includes(personType) ? 'company' : 'individual'];
