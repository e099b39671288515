import { useQueryClient } from '@tanstack/react-query';
import { entityByName } from '@lbo/model/entity-registry';
import { api } from '../app/api/client.ts';
import { queryKeys } from '../app/api/data-provider.ts';

export const ticketKind = entityByName('Ticket')!;
export const questionKind = entityByName('Question')!;

/** One message of a ticket's thread (packages/model ticket.entity.ts). */
export interface TicketMessage {
  author?: string;
  date?: string;
  body?: string;
  internal?: boolean;
  fromRequester?: boolean;
}

/** A ticket as the server answers it (the fields the support screens read). */
export interface Ticket {
  registration: string;
  status: string;
  subject?: string;
  priority?: string;
  team?: string;
  assigneeUsername?: string;
  openedDate?: string;
  firstResponseDue?: string;
  firstResponseDate?: string;
  resolutionDue?: string;
  resolvedDate?: string;
  firstResponseBreached?: boolean;
  resolutionBreached?: boolean;
  breached?: boolean;
  messages?: TicketMessage[];
  questionRegistrations?: { questionRegistration: string }[];
  _version: number;
}

/** A knowledge-base question. */
export interface Question {
  registration: string;
  subject?: string;
  name?: string;
  answer?: string;
  keywords?: string;
}

/** `GET /api/support/queue`: one team's open tickets, oldest first. */
export interface TeamQueue {
  team: string | null;
  open: number;
  breached: number;
  tickets: Ticket[];
}

export const supportKeys = {
  queue: ['support', 'queue'] as const,
  questions: (term: string) => ['support', 'questions', term] as const,
  linked: (registrations: string[]) => ['support', 'linked', registrations.join(',')] as const,
};

export const postMessage = (registration: string, body: { body: string; internal?: boolean }) =>
  api.post<Ticket>(`/api/${ticketKind.route}/${encodeURIComponent(registration)}/messages`, body);

/** Refreshes what was read about tickets (the record, lists, the queue) after a write. */
export function useTicketsRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.kind(ticketKind) }),
      queryClient.invalidateQueries({ queryKey: supportKeys.queue }),
    ]);
}
