import { items, type ListItem } from './item.ts';

/** An individual's family, employment and income (spec 002 §3, individual extras). */
export const personalSituationLists: Record<string, ListItem[]> = {
  familyMaritalStatus: items([
    ['SINGLE', 'Single', 'Célibataire'],
    ['MARRIED', 'Married', 'Marié(e)'],
    ['CIVIL_PARTNERSHIP', 'Civil partnership', 'Pacsé(e)'],
    ['COHABITING', 'Cohabiting', 'En concubinage'],
    ['SEPARATED', 'Separated', 'Séparé(e)'],
    ['DIVORCED', 'Divorced', 'Divorcé(e)'],
    ['WIDOWED', 'Widowed', 'Veuf, veuve'],
  ]),
  familyMaritalContract: items([
    ['COMMUNITY_OF_ACQUESTS', 'Community of acquired property', 'Communauté réduite aux acquêts'],
    ['UNIVERSAL_COMMUNITY', 'Universal community', 'Communauté universelle'],
    ['SEPARATION_OF_PROPERTY', 'Separation of property', 'Séparation de biens'],
    ['PARTICIPATION', 'Participation in acquisitions', 'Participation aux acquêts'],
    ['NONE', 'No marriage contract', 'Sans contrat'],
  ]),
  employmentContractType: items([
    ['PERMANENT', 'Permanent', 'CDI'],
    ['FIXED_TERM', 'Fixed-term', 'CDD'],
    ['TEMPORARY', 'Temporary agency work', 'Intérim'],
    ['APPRENTICESHIP', 'Apprenticeship', 'Apprentissage'],
    ['INTERNSHIP', 'Internship', 'Stage'],
    ['CIVIL_SERVANT', 'Civil servant', 'Fonctionnaire'],
    ['SELF_EMPLOYED', 'Self-employed', 'Indépendant'],
    ['RETIRED', 'Retired', 'Retraité'],
    ['STUDENT', 'Student', 'Étudiant'],
    ['UNEMPLOYED', 'Unemployed', 'Sans emploi'],
  ]),
  employmentSector: items([
    ['PRIVATE', 'Private sector', 'Secteur privé'],
    ['PUBLIC', 'Public sector', 'Secteur public'],
    ['SELF_EMPLOYED', 'Self-employed', 'Travailleur indépendant'],
    ['LIBERAL_PROFESSION', 'Liberal profession', 'Profession libérale'],
    ['AGRICULTURE', 'Agriculture', 'Agriculture'],
    ['NON_PROFIT', 'Non-profit', 'Associatif'],
    ['ARMED_FORCES', 'Armed forces', 'Armée'],
  ]),
  incomeSource: items([
    ['SALARY', 'Salary', 'Salaire'],
    ['PENSION', 'Pension', 'Retraite'],
    ['BUSINESS', 'Business income', "Revenus d'activité indépendante"],
    ['RENTAL', 'Rental income', 'Revenus locatifs'],
    ['INVESTMENT', 'Investment income', 'Revenus financiers'],
    ['ALLOWANCES', 'Benefits', 'Allocations'],
    ['ALIMONY', 'Alimony', 'Pension alimentaire'],
    ['OTHER', 'Other', 'Autre'],
  ]),
};
