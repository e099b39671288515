/** The answer of the one search box over every kind (`GET /api/search`, docs/search.md), for the server and the web. */
export interface SearchHit {
  entity: string;
  registration: string;
  label: string;
  snippet: string;
  /** The web route that opens the record (its detail screen, or its parent record's for a note). */
  route: string;
  /** 3 an identifier typed whole, 2 the start of one, 1–2 the words found as typed, below 1 with typos. */
  score: number;
}

export interface SearchGroup {
  entity: string;
  /** Matches of the kind (at least, when `countCapped`). */
  count: number;
  countCapped: boolean;
  hits: SearchHit[];
}

export interface SearchAnswer {
  query: string;
  groups: SearchGroup[];
}
