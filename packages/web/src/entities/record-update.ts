import { changedFields, type Values } from './form-values.ts';

/**
 * The body of an update: the fields the user changed, and always the version the user edited,
 * so that the server refuses (409) a save over someone else's newer one instead of silently
 * overwriting it. A record read without its version cannot be saved safely, so it is not sent.
 */
export function versionedUpdate(initial: Values, values: Values): Values {
  const version = initial._version;
  if (!Number.isInteger(version))
    throw new Error('The record was read without its version (_version); reload it before saving');
  return { ...changedFields(initial, values), _version: version };
}
