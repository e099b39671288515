import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../app/api/api-failure.ts';
import { fieldErrorOf, fieldPath } from './field-errors.ts';

const failure = (message: string) => new ApiFailure(400, { message }, 'PUT', '/api/core/tenant-configuration/x');

describe('the field a server refusal names', () => {
  it('reads the catalogue templates', () => {
    expect(fieldErrorOf(failure('Invalid value "X" for field type')).path).toEqual(['type']);
    expect(fieldErrorOf(failure('Invalid value "* *" for field [1].cron (5 fields, or 6 with seconds)')).path).toEqual([
      1,
      'cron',
    ]);
    expect(
      fieldErrorOf(failure('Invalid field options.maxDocumentSize in configuration: a size like 5MB')).path,
    ).toEqual(['options', 'maxDocumentSize']);
    expect(fieldErrorOf(failure('Field collectMissingTranslations must be a boolean')).path).toEqual([
      'collectMissingTranslations',
    ]);
    expect(fieldErrorOf(failure('Field body must be a non-empty object')).path).toBeUndefined();
    expect(fieldErrorOf(failure('Oops')).message).toBe('Oops');
  });

  it('splits paths of lists and objects', () => {
    expect(fieldPath('levels[2].days')).toEqual(['levels', 2, 'days']);
    expect(fieldPath('ADMIN')).toEqual(['ADMIN']);
  });
});
