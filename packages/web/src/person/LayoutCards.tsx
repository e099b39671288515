import { useTranslation } from 'react-i18next';
import { FormCard } from '../entities/FormCard.tsx';
import { FieldGrid } from '../fields/NestedInput.tsx';
import { formFieldOf, type FormField } from '../fields/form-field.ts';
import { useWebModules, type ScriptLayout } from '../app/web-module.ts';
import { usePersonForm } from './person-context.ts';

/** The person editor's own cards are not the script's: it adds cards to an empty layout. */
const defaultLayout: ScriptLayout = { cards: [] };
const noLayoutScript = () => undefined;

/** The cards the tenant's `person-layout` script adds (spec 002 §2); nothing when it has none. */
export function LayoutCards() {
  const { t } = useTranslation();
  const form = usePersonForm();
  const useLayoutScript = useWebModules().slots.useLayoutScript ?? noLayoutScript;
  const layout = useLayoutScript(['person-layout'], defaultLayout);
  return (layout?.cards ?? []).map((card) => {
    // A field the declaration does not know is edited as text (tenants extend documents).
    const fields: FormField[] = card.fields.map((name) => form.fields.get(name) ?? formFieldOf(name, { type: 'text' }));
    return (
      <FormCard key={card.title} title={t(card.title)}>
        <FieldGrid fields={fields} path="" />
      </FormCard>
    );
  });
}
