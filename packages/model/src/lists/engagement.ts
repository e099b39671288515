import { items, type ListItem } from './item.ts';

/** Reaching people and deciding together: campaigns, communications, committees, votes, scores. */
export const engagementLists: Record<string, ListItem[]> = {
  campaignType: items([
    ['EMAIL', 'Email', 'E-mailing'],
    ['SMS', 'SMS', 'SMS'],
    ['MAIL', 'Postal mail', 'Courrier'],
    ['PHONE', 'Phone', 'Téléphone'],
    ['EVENT', 'Event', 'Événement'],
    ['SOCIAL', 'Social media', 'Réseaux sociaux'],
  ]),
  campaignContactType: items([
    ['TARGET', 'Target', 'Cible'],
    ['CONTROL', 'Control group', 'Groupe témoin'],
    ['TEST', 'Test recipient', 'Destinataire de test'],
  ]),
  communicationType: items([
    ['EMAIL', 'Email', 'E-mail'],
    ['SMS', 'SMS', 'SMS'],
    ['LETTER', 'Letter', 'Courrier'],
    ['PHONE_CALL', 'Phone call', 'Appel téléphonique'],
    ['MEETING', 'Meeting', 'Rendez-vous'],
    ['NOTIFICATION', 'In-app notification', 'Notification'],
  ]),
  mailType: items([
    ['TRANSACTIONAL', 'Transactional', 'Transactionnel'],
    ['NOTIFICATION', 'Notification', 'Notification'],
    ['REMINDER', 'Reminder', 'Relance'],
    ['INVOICE', 'Invoice delivery', 'Envoi de facture'],
    ['MARKETING', 'Marketing', 'Marketing'],
  ]),
  committeeType: items([
    ['CREDIT', 'Credit committee', 'Comité de crédit'],
    ['RISK', 'Risk committee', 'Comité des risques'],
    ['INVESTMENT', 'Investment committee', "Comité d'investissement"],
    ['PARTNER', 'Partner committee', 'Comité partenaires'],
    ['AUDIT', 'Audit committee', "Comité d'audit"],
  ]),
  /** Spec 001 §4: a committee member's attendance, and their answer to the invitation. */
  committeeInviteStatus: items([
    ['INTENDED', 'Intended', 'Prévu'],
    // Added by the product (docs/committees.md): the invitation was sent; the spec's three are before and after it.
    ['INVITED', 'Invited', 'Invité'],
    ['PRESENTED', 'Presented', 'Présenté'],
    ['ABSENT', 'Absent', 'Absent'],
  ]),
  rsvp: items([
    ['ACCEPTED', 'Accepted', 'Accepté'],
    ['REFUSED', 'Refused', 'Refusé'],
  ]),
  votingType: items([
    ['MAJORITY', 'Simple majority', 'Majorité simple'],
    ['QUALIFIED_MAJORITY', 'Qualified majority', 'Majorité qualifiée'],
    ['UNANIMITY', 'Unanimity', 'Unanimité'],
    ['CONSULTATIVE', 'Consultative', 'Consultatif'],
  ]),
  voteType: items([
    ['APPROVAL', 'Approval', 'Approbation'],
    ['CONDITIONAL_APPROVAL', 'Conditional approval', 'Approbation sous conditions'],
    ['REJECTION', 'Rejection', 'Rejet'],
    ['ABSTENTION', 'Abstention', 'Abstention'],
  ]),
  /** Votings (docs/committees.md): how a ballot is decided, who sees the votes, and its result. */
  votingMajority: items([
    ['SIMPLE', 'Simple majority', 'Majorité simple'],
    ['TWO_THIRDS', 'Two-thirds majority', 'Majorité des deux tiers'],
    ['UNANIMOUS', 'Unanimity', 'Unanimité'],
  ]),
  votingBallot: items([
    ['OPEN', 'Open ballot', 'Vote à main levée'],
    ['SECRET', 'Secret ballot', 'Vote à bulletin secret'],
  ]),
  votingQuorumType: items([
    ['COUNT', 'Number of voters', 'Nombre de votants'],
    ['PERCENT', 'Percent of eligible voters', 'Pourcentage des votants habilités'],
  ]),
  votingOutcome: items([
    ['APPROVED', 'Approved', 'Approuvé'],
    ['REJECTED', 'Rejected', 'Rejeté'],
    ['NO_QUORUM', 'No quorum', 'Quorum non atteint'],
  ]),
  voteChoice: items([
    ['FOR', 'For', 'Pour'],
    ['AGAINST', 'Against', 'Contre'],
    ['ABSTAIN', 'Abstain', 'Abstention'],
  ]),
  questionType: items([
    ['FAQ', 'FAQ', 'FAQ'],
    ['KNOWLEDGE', 'Knowledge base', 'Base de connaissances'],
    ['KYC', 'KYC questionnaire', 'Questionnaire KYC'],
    ['RISK', 'Risk assessment', 'Évaluation des risques'],
    ['SURVEY', 'Survey', 'Enquête'],
  ]),
  scoreType: items([
    ['CREDIT', 'Credit score', 'Score de crédit'],
    ['BEHAVIOURAL', 'Behavioural score', 'Score comportemental'],
    ['FRAUD', 'Fraud score', 'Score de fraude'],
    ['RATING', 'Internal rating', 'Notation interne'],
    ['ESG', 'ESG score', 'Score ESG'],
  ]),
  /** Score cards (docs/scoring.md): what a criterion measures on the client. */
  scoreCriterion: items([
    ['REGISTRATION_AGE', 'Years since registration', "Années depuis l'immatriculation"],
    ['EXPENDITURE_RATIO', 'Expenditure to income (%)', 'Charges sur revenus (%)'],
    ['DISPOSABLE_INCOME', 'Disposable income', 'Reste à vivre'],
    ['OVERDUE_INVOICES', 'Overdue invoices', 'Factures échues impayées'],
    ['ARREARS_AMOUNT', 'Arrears amount', 'Montant des impayés'],
    ['DUNNED_INVOICES', 'Dunned invoices', 'Factures relancées'],
    ['RETURNED_DEBITS', 'Returned debits', 'Prélèvements rejetés'],
    ['EXPOSURE', 'Exposure (outstanding)', 'Encours'],
  ]),
  /** What a score decides for the deal (docs/scoring.md). */
  scoreDecision: items([
    ['APPROVE', 'Approve', 'Accorder'],
    ['REFER', 'Refer to committee', 'Soumettre au comité'],
    ['GUARANTOR', 'Ask for a guarantor', 'Demander un garant'],
    ['REFUSE', 'Refuse', 'Refuser'],
  ]),
};
