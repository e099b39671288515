import type { Entity } from '../entity.ts';
import { entities } from '../entity-registry.ts';
import type { WorkflowDefinition } from './workflow.ts';

/**
 * The default workflow of every kind with a status, from its declaration: its own lifecycle
 * where the declaration describes one, otherwise the generic lifecycle read from its status list
 * (catalogue items, configuration records). A tenant may replace any of them in configuration.
 */

/** Statuses of a kind's status list, or undefined when no declared kind has that list. */
export const statusesOf = (list: string): readonly string[] | undefined =>
  entities.find((e) => e.status === list)?.statuses;

/** The default workflow of `entity`; undefined for kinds without a status. */
export const defaultWorkflow = (entity: Entity): WorkflowDefinition | undefined => entity.workflow;

/** Kinds whose lifecycle is described rather than generic. */
export const describedWorkflowKinds = (): string[] =>
  entities.filter((e) => e.status && !e.genericWorkflow).map((e) => e.name);

/** Every kind with a status, with its default workflow. */
export const defaultWorkflows = (): WorkflowDefinition[] =>
  entities.flatMap((entity) => (entity.workflow ? [entity.workflow] : []));
