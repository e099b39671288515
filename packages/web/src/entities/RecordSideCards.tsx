import { Suspense } from 'react';
import type { Entity } from '@lbo/model/entity';
import { useWebModules } from '../app/web-module.ts';

/**
 * The cards every saved record shows in its side column whatever its kind: its notes and its
 * tasks, brought by the domains that own them (slots `notesCard`, `tasksCard`, loaded with the first screen that shows them).
 */
export function RecordSideCards({ entity, registration }: { entity: Entity; registration?: string }) {
  const { slots } = useWebModules();
  if (!registration) return null;
  const { notesCard: NotesCard, tasksCard: TasksCard } = slots;
  return (
    <Suspense fallback={null}>
      {NotesCard && <NotesCard entity={entity} registration={registration} />}
      {TasksCard && <TasksCard entity={entity} registration={registration} />}
    </Suspense>
  );
}
