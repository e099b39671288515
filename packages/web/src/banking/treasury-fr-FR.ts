/** French texts of the treasury screens (/move-money, /arbitration, /bank/set-overdraft), keyed by their English wording. */
export const treasuryFr: Record<string, string> = {
  'balance {balance}, available {available}': 'solde {balance}, disponible {available}',
  'Operations made': 'Opérations effectuées',
  'No operation was needed': "Aucune opération n'était nécessaire",
  'Move money': 'Virement entre comptes',
  'The bank accounts could not be read': "Les comptes bancaires n'ont pas pu être lus",
  Move: 'Virer',
  'Treasury arbitration': 'Arbitrage de trésorerie',
  'Each organization’s accounts below the target are brought up to it, lowest first, from its richest accounts, which never go below the target themselves.':
    "Les comptes de chaque organisation sous l'objectif y sont ramenés, le plus bas d'abord, depuis ses comptes les mieux pourvus, qui ne descendent jamais eux-mêmes sous l'objectif.",
  Accounts: 'Comptes',
  'Every active account when none is chosen': "Tous les comptes actifs si aucun n'est choisi",
  'Target balance': 'Solde cible',
  Arbitrate: 'Arbitrer',
  'Set an overdraft limit': 'Fixer un découvert autorisé',
  '{account}: overdraft limit {limit}, available {available}':
    '{account} : découvert autorisé {limit}, disponible {available}',
};
