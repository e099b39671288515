import type { Entity } from '@lbo/model/entity';
import { ApiError } from '@lbo/model/errors';
import type { Doc } from '../entities/storage.ts';

/**
 * A transition refused by a financing rule, as the workflow refuses one (409 TRANSITION_REJECTED,
 * `rejectionReason` shown by the client as a warning, spec 000 §8).
 */
export function refusal(
  context: { entity: Entity; transition: { code: string; from: string[] }; doc: Doc },
  rejection: string,
  reason: string,
  extra: Doc = {},
): ApiError {
  const registration = String(context.doc.registration);
  return new ApiError('TRANSITION_REJECTED', [context.transition.code, context.entity.name, registration, reason], {
    rejectionReason: reason,
    rejection,
    transition: context.transition.code,
    currentStatus: context.transition.from[0],
    ...extra,
  });
}
