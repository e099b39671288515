import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutScriptCardsProps, ScriptLayout } from '../app/web-module.ts';
import { FormCard } from '../entities/FormCard.tsx';
import { FieldGrid } from '../fields/NestedInput.tsx';
import { formFieldsOf, formFieldOf, type FormField } from '../fields/form-field.ts';
import { layoutScriptsOfKind } from './layout-script.ts';
import { useLayoutScript } from './script-hooks.ts';

/**
 * The slot `layoutScriptCards` of the generic detail form: the cards the kind's layout script
 * (`contract-layout`, `asset-layout`) adds, its fields edited in the form like the others.
 * Kinds without a layout script ask for none.
 */
export default function LayoutScriptCards({ entity, type }: LayoutScriptCardsProps) {
  const names = layoutScriptsOfKind(entity.name);
  return names.length ? <ScriptedCards entity={entity} names={names} type={type} /> : null;
}

function ScriptedCards({ entity, names, type }: LayoutScriptCardsProps & { names: string[] }) {
  const { t } = useTranslation();
  const fields = useMemo(() => new Map(formFieldsOf(entity.fields).map((f) => [f.name, f])), [entity]);
  // The record's type is given to the script: one script lays out every type (`layout.type`).
  const defaultLayout = useMemo<ScriptLayout & { type?: unknown }>(
    () => ({ cards: [], ...(typeof type === 'string' && type ? { type } : {}) }),
    [type],
  );
  const layout = useLayoutScript(names, defaultLayout);
  return (layout?.cards ?? []).map((card) => {
    // A field the declaration does not know is edited as text (tenants extend documents).
    const cardFields: FormField[] = card.fields.map((name) => fields.get(name) ?? formFieldOf(name, { type: 'text' }));
    return (
      <FormCard key={card.title} title={t(card.title)}>
        <FieldGrid fields={cardFields} path="" />
      </FormCard>
    );
  });
}
