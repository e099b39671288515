/** French texts of the private-equity screens (a holding's performance and its fund's), keyed by their English wording. */
export const privateEquityFr: Record<string, string> = {
  Performance: 'Performance',
  'The performance could not be computed': "La performance n'a pas pu être calculée",
  'As of': 'Au',
  'Shares held': 'Titres détenus',
  Invested: 'Investi',
  Realised: 'Réalisé',
  'Unrealised value': 'Valeur latente',
  'valued on {date}': 'valorisée au {date}',
  'at cost': 'au coût',
  Gain: 'Plus-value',
  'Multiple (TVPI)': 'Multiple (TVPI)',
  DPI: 'DPI',
  IRR: 'TRI',
  'Fund {fund}': 'Fonds {fund}',
  Holding: 'Participation',
  Fund: 'Fonds',
};
