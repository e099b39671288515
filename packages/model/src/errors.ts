/**
 * The server error catalogue (spec 000 §8): every error answers `status|CODE|message`,
 * where `$` placeholders in the message are replaced in order by the arguments.
 */
export const errorCatalogue = {
  EMPTY_AGGREGATE_PIPELINE: [400, 'Pipeline is empty'],
  EMPTY_BODY_ARRAY: [400, 'Body array $ must not be empty'],
  INVALID_ARRAY_OR_FUNCTION_FIELD: [400, 'Field $ must be an array or a function'],
  INVALID_ARRAY_FIELD: [400, 'Field $ must be an array'],
  INVALID_BODY_ARRAY: [400, 'Body must be an array'],
  INVALID_DATE: [400, 'Invalid date $'],
  INVALID_DATE_FIELD: [400, 'Field $ must be a valid date'],
  INVALID_FIELD_VALUE: [400, 'Invalid value $ for field $'],
  INVALID_FIELD_IN_HEADERS: [400, 'Invalid field $ in headers'],
  INVALID_FIELD_IN_QUERY: [400, 'Invalid field $ in query: $'],
  INVALID_FIELD_IN_BODY: [400, 'Invalid field $ in body'],
  INVALID_FIELD_IN_PATH: [400, 'Invalid field $ in path'],
  INVALID_FIELD_IN_CONFIG: [400, 'Invalid field $ in configuration: $'],
  INVALID_FILE_EXTENSION: [400, 'Invalid file extension, should be one of $'],
  INVALID_IBAN: [400, 'Invalid IBAN $ for field $'],
  INVALID_JSON_FIELD: [400, 'Field $ must be valid JSON'],
  INVALID_INTEGER_FIELD: [400, 'Field $ must be an integer'],
  INVALID_NON_EMPTY_STRING_FIELD: [400, 'Field $ must be a non-empty string'],
  INVALID_NON_EMPTY_OBJECT_FIELD: [400, 'Field $ must be a non-empty object'],
  INVALID_NUMBER_FIELD: [400, 'Field $ must be a number'],
  INVALID_POSITIVE_NUMBER_FIELD: [400, 'Field $ must be a positive number'],
  INVALID_PERIOD: [400, 'Invalid period $'],
  INVALID_STRING_FIELD: [400, 'Field $ must be a string'],
  INVALID_BOOLEAN_FIELD: [400, 'Field $ must be a boolean'],
  INVALID_OBJECT_FIELD: [400, 'Field $ must be an object'],
  INVALID_XML: [400, 'Invalid XML: $'],
  MISSING_BODY_PAYLOAD: [400, 'Body payload is mandatory'],
  MISSING_CONFIG: [400, 'Missing configuration $'],
  MISSING_FIELD_IN_BODY: [400, 'Missing field $ in body'],
  MISSING_FIELD_IN_CONFIG: [400, 'Missing field $ in configuration'],
  MISSING_FIELD_IN_QUERY: [400, 'Missing field $ in query'],
  MISSING_FIELD_IN_ARGS: [400, 'Missing argument $'],
  MISSING_FILE_IN_REQUEST: [400, 'Missing file in request'],
  MISSING_LOCALE: [400, 'Missing locale to parse date $'],
  MISSING_MANDATORY_QUERY_FIELDS: [400, 'Missing mandatory query fields $'],
  UNSUPPORTED_ENTITY: [400, 'Unsupported entity $'],
  VALUE_ALREADY_EXISTS: [400, 'Value $ already exists for field $'],
  STATUS_PATCH_PROHIBITED: [400, 'Status modification prohibited, workflow must be used'],
  INVALID_CREDENTIALS: [401, 'Invalid username or password'],
  UNAUTHENTICATED: [401, 'Authentication required'],
  FORBIDDEN: [403, 'Permission $ required'],
  FEATURE_DISABLED: [403, 'Feature $ is turned off'],
  ENTITY_REGISTRATION_NOT_FOUND: [404, 'Entity $ with identifier $ not found'],
  ROUTE_NOT_FOUND: [404, 'Route $ $ not found'],
  VERSION_CONFLICT: [409, 'Entity $ with identifier $ was modified by someone else (version $ expected, $ found)'],
  PAYLOAD_TOO_LARGE: [413, 'Request body is too large'],
  HEADERS_TOO_LARGE: [431, 'Request headers and URL are too large: at most $ bytes'],
  TOO_MANY_REQUESTS: [429, 'Too many requests, retry in $ seconds'],
  UNAVAILABLE_SOFTWARE: [500, 'Unavailable software'],
  // Sign-in, sessions and users (issue 3).
  INVALID_USERNAME: [400, 'Should be a valid email or a valid string ending with @$'],
  WEAK_PASSWORD: [400, 'Password is too weak: $'],
  INVALID_CURRENT_PASSWORD: [400, 'The current password is not correct'],
  INVALID_TOTP_CODE: [401, 'Invalid verification code'],
  SESSION_EXPIRED: [401, 'Session has expired'],
  USER_LOCKED: [403, 'User $ is locked; an administrator must unlock it'],
  // A suspended or closed tenant (spec 000 §4): its users cannot sign in until it is resumed.
  TENANT_NOT_ACTIVE: [403, 'Tenant $ is $: its users cannot sign in'],
  // Workflows (issue 5): the answer carries `rejectionReason`, which the client shows as a warning.
  TRANSITION_REJECTED: [409, 'Transition $ refused for $ $: $'],
  TRANSITION_NOT_FOUND: [404, 'Transition $ not found in the $ workflow'],
  // Third-party services reached through an adapter (company registry, address service).
  EXTERNAL_SERVICE_UNAVAILABLE: [503, 'External service $ is unavailable: $'],
  // A vehicle catalogue that knows no residual-value curve for the vehicle asked (financing/residual-value.ts).
  RESIDUAL_VALUE_CURVE_NOT_FOUND: [404, 'The $ catalogue has no residual value curve for $'],
  // The database is unreachable (restarting, connections terminated): the request wrote nothing.
  DATABASE_UNAVAILABLE: [503, 'The database is unavailable, retry in $ seconds'],
  // Idempotent writes (`Idempotency-Key` header) and conditional writes (`If-Match`).
  IDEMPOTENCY_KEY_REUSED: [422, 'Idempotency key $ was already used with another request'],
  IDEMPOTENT_REQUEST_IN_PROGRESS: [409, 'A request with idempotency key $ is still in progress'],
  PRECONDITION_FAILED: [412, 'Entity $ with identifier $ is at version $, not $'],
  // Documents (spec 000 §5, 002 §4): the texts of the spec's file rules.
  FILE_TOO_LARGE: [413, 'File too large. Max size $'],
  FORBIDDEN_DOCUMENT_EXTENSION: [400, 'Forbidden document extension "$". Accepted formats: $'],
  DOCUMENT_CONTENT_MISMATCH: [400, 'The content of $ is not a $ file'],
  // Single sign-on (spec 000 §8): a 403's message is kept by the sign-in page as its error.
  SSO_LOGIN_REFUSED: [403, 'Sign-in with $ refused: $'],
  SSO_USER_REFUSED: [403, 'User $ is not allowed to sign in with $'],
  // Uploads converted to PDF or watermarked (spec 002 "Uploads with watermark or PDF conversion").
  PDF_CONVERSION_UNAVAILABLE: [
    503,
    'PDF conversion of office documents needs LibreOffice (soffice), which is not installed',
  ],
  PDF_CONVERSION_FAILED: [422, 'The conversion of $ to PDF failed: $'],
  WATERMARK_FAILED: [422, 'The watermark could not be drawn on $: $'],
  // Background list exports (docs/api.md "List exports").
  EXPORT_NOT_READY: [409, 'Export $ is $: its file is not ready'],
  RECORD_FROZEN: [409, 'Entity $ with identifier $ is $: it can no longer be changed or deleted'],
  // The books (server/src/accounting)
  POSTING_UNBALANCED: [409, 'The postings of $ do not balance in $: $'],
  POSTING_EVENT_ALREADY_REVERSED: [409, 'Posting event $ is already reversed by $'],
  // Imports of CSV and XLSX files (docs/imports.md): a row's refusals name its column and field.
  IMPORT_EMPTY_FILE: [400, 'The file $ holds no rows'],
  IMPORT_SHEET_NOT_FOUND: [400, 'Sheet $ not found; the file holds $'],
  IMPORT_UNREADABLE_FILE: [400, 'The file $ cannot be read: $'],
  IMPORT_BROKEN_ENCODING: [400, 'Column $ is not valid $ text'],
  IMPORT_FORMULA_REFUSED: [400, 'Column $ starts like a formula ($): formulas are not imported'],
  IMPORT_CELL_TOO_LONG: [400, 'Column $ holds $ characters, at most $'],
  IMPORT_UNKNOWN_COLUMN: [400, 'Column $ is mapped to $, which is not a field of $'],
  IMPORT_NOT_READY: [409, 'Import $ is $: $'],
  // Tenant scripts (docs/scripts.md): a failing script answers 422; the layout texts are the spec's.
  SCRIPT_SYNTAX_ERROR: [422, 'Script $ has a syntax error: $'],
  SCRIPT_FAILED: [422, 'Script $ failed: $'],
  SCRIPT_TIME_LIMIT: [422, 'Script $ was stopped after $ ms'],
  SCRIPT_MEMORY_LIMIT: [422, 'Script $ was stopped: it needs more than $ MB'],
  SCRIPT_WITHOUT_EXECUTE: [422, 'Layout script $ does not have an execute() function'],
  INVALID_LAYOUT_OBJECT: [422, "Invalid object $ in 'layout' script"],
  MISSING_LAYOUT_SCRIPT_NAME: [400, "Field 'layoutScriptName' is missing in parameters"],
  FORMAT_CHECK_REFUSED: [400, 'Field $ is refused: $'],
  // Committees and votes (server/src/committees, docs/committees.md).
  VOTE_ALREADY_CAST: [409, 'Field voter: $ has already voted in voting $'],
  VOTER_NOT_ELIGIBLE: [403, 'Field voter: $ is not an eligible voter of voting $'],
  VOTING_NOT_OPEN: [409, 'Voting $ is $: votes are taken only while it is open'],
  COMMITTEE_PERSON_NOT_INVITED: [404, 'Field personRegistration: $ is not a person of committee $'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof errorCatalogue;

/** An error the API answers as `status|CODE|message`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | string;
  readonly args: unknown[];
  /** Extra body properties (`rejectionReason`, `errors`). */
  readonly extra: Record<string, unknown>;
  constructor(code: ErrorCode, args: unknown[] = [], extra: Record<string, unknown> = {}) {
    const [status, template] = errorCatalogue[code];
    super(fillPlaceholders(template, args));
    this.status = status;
    this.code = code;
    this.args = args;
    this.extra = extra;
  }
  /** The catalogue form `status|CODE|message`. */
  get reference(): string {
    return `${this.status}|${this.code}|${this.message}`;
  }
}

/** Replaces each `$` by the next argument, in order. */
export function fillPlaceholders(template: string, args: unknown[]): string {
  let i = 0;
  return template.replace(/\$/g, () => (i < args.length ? String(args[i++]) : '$'));
}

/** Shorthand: `fail('INVALID_NUMBER_FIELD', 'amount')`. */
export function fail(code: ErrorCode, ...args: unknown[]): never {
  throw new ApiError(code, args);
}
