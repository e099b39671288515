import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../entities/FormCard.tsx';
import { FieldGrid } from '../fields/NestedInput.tsx';
import { formFieldOf, type FormField } from '../fields/form-field.ts';
import { notify } from '../app/notify.tsx';
import { usePersonForm } from './person-context.ts';
import { personKeys, personLayoutScript } from './person-api.ts';
import { layoutCardsOf } from './layout-script.ts';

/** The cards a `person-layout` script adds; nothing when the tenant has no such script. */
export function LayoutCards() {
  const { t } = useTranslation();
  const form = usePersonForm();
  const { data } = useQuery({ queryKey: personKeys.personLayout, queryFn: personLayoutScript, staleTime: Infinity });
  const layout = layoutCardsOf(data);
  const error = 'error' in layout ? layout.error : undefined;
  useEffect(() => {
    if (error) notify({ level: 'error', message: error });
  }, [error]);
  if (!('cards' in layout)) return null;
  return layout.cards.map((card) => {
    // A field the declaration does not know is edited as text (tenants extend documents).
    const fields: FormField[] = card.fields.map((name) => form.fields.get(name) ?? formFieldOf(name, { type: 'text' }));
    return (
      <FormCard key={card.title} title={t(card.title)}>
        <FieldGrid fields={fields} path="" />
      </FormCard>
    );
  });
}
