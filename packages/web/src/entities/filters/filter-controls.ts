import type { ComponentType } from 'react';
import type { Entity } from '@lbo/model/entity';
import type { FilterDef, FilterKind } from '@lbo/model/search';
import type { FilterProps } from './filter-props.ts';
import { TextFilter } from './TextFilter.tsx';
import { SelectFilter } from './SelectFilter.tsx';
import { RangeFilter } from './RangeFilter.tsx';
import { PersonFilter } from './PersonFilter.tsx';
import { filterField } from '../entity-fields.ts';

/** One control per filter kind; an equality filter on a reference list is a multi-select. */
const controls: Record<FilterKind, (entity: Entity, filter: FilterDef) => ComponentType<FilterProps>> = {
  equal: (entity, filter) =>
    (filter.name === 'status' ? entity.status : filterField(entity, filter)?.list) ? SelectFilter : TextFilter,
  regex: () => TextFilter,
  range: () => RangeFilter,
  person: () => PersonFilter,
};

export const filterControl = (entity: Entity, filter: FilterDef) => controls[filter.kind](entity, filter);
