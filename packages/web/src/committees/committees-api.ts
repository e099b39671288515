import { committee as committeeKind } from '@lbo/model/entities/support/committee.entity';
import { voting as votingKind } from '@lbo/model/entities/support/voting.entity';
import { api } from '../app/api/client.ts';
import { apiPaths } from '../app/api/data-provider.ts';

/** The calls of the committee and voting screens (docs/committees.md). */
export { committeeKind, votingKind };

export interface Count {
  forCount: number;
  againstCount: number;
  abstainCount: number;
  voteCount: number;
  quorumRequired: number;
  quorumReached: boolean;
  outcome: 'APPROVED' | 'REJECTED' | 'NO_QUORUM';
}

export interface VotingTally {
  registration: string;
  status: string;
  ballot: 'OPEN' | 'SECRET';
  majority: string;
  eligible: number;
  voted: number;
  canVote: boolean;
  myVote: { choice: string; date: string | null } | null;
  voters: { username: string; voted: boolean; choice?: string; comment?: string | null }[];
  /** Null for a secret ballot until it closes. */
  count: Count | null;
  result: (Count & { decision: string | null; closingDate: string | null }) | null;
}

export const committeeQueryKeys = { tally: (registration: string) => ['voting-tally', registration] as const };

export const inviteAll = (registration: string) =>
  api.post<{ invited: string[]; mailed: number }>(`${apiPaths.record(committeeKind, registration)}/invite`, {});

export const answerInvitation = (registration: string, rsvp: 'ACCEPTED' | 'REFUSED', personRegistration?: string) =>
  api.post(`${apiPaths.record(committeeKind, registration)}/rsvp`, {
    rsvp,
    ...(personRegistration ? { personRegistration } : {}),
  });

export const votingTally = (registration: string) =>
  api.get<VotingTally>(`${apiPaths.record(votingKind, registration)}/tally`);

export const castVote = (registration: string, choice: string, comment?: string) =>
  api.post(`${apiPaths.record(votingKind, registration)}/votes`, { choice, ...(comment ? { comment } : {}) });
