import { optionLabel, useListOptions } from '../fields/reference-lists.ts';

/** The labels of the teams (`profile`) and priorities the queue shows, in the user's language. */
export function useReferenceLabel() {
  const lists = { profile: useListOptions('profile'), priority: useListOptions('priority') };
  return (list: keyof typeof lists, value: unknown) =>
    typeof value === 'string' && value ? optionLabel(lists[list].options, value, !lists[list].loading) : '';
}
