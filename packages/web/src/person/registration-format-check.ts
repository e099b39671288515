import { useCallback } from 'react';
import { useWebModules } from '../app/web-module.ts';
import type { Values } from '../entities/form-values.ts';
import { personToSave } from './person-save.ts';
import type { RegistrationItem } from './registrations.ts';

/** The tenant's check of registration numbers, the one the server runs before a write (docs/scripts.md). */
export const registrationFormatCheckScript = 'personRegistration-format-check';
const noFormatCheck = () => undefined;

/**
 * The messages of the tenant's format-check script on the identifiers the save would send, each
 * given as the server gives it (`{ type, number, registration, personType, index, registrations }`):
 * the main one's on the registration field, the others' on their row; nothing while the script
 * loads or when the tenant has none.
 */
export function useRegistrationFormatCheck() {
  const useFormatCheck = useWebModules().slots.useFormatCheck ?? noFormatCheck;
  const check = useFormatCheck(registrationFormatCheckScript);
  return useCallback(
    (values: Values): Record<string, string> => {
      const rows = personToSave(values).registrations as RegistrationItem[] | undefined;
      if (!check || !Array.isArray(rows)) return {};
      const errors: Record<string, string> = {};
      for (const [index, row] of rows.entries()) {
        const type = String(row.type ?? '');
        const number = String(row.number ?? '');
        const problem = check({
          type,
          number,
          registration: `${type}${number}`,
          personType: values.type ?? null,
          index,
          registrations: rows,
        });
        if (problem) errors[index === 0 ? 'registration' : `registrations.${index}.number`] = problem;
      }
      return errors;
    },
    [check],
  );
}
