/** A failed call: HTTP status (0 for a network error) and the parsed error body. */
export interface ErrorBody {
  statusCode?: number;
  code?: string;
  message?: string;
  error?: string;
  errors?: unknown[];
  rejectionReason?: string;
  [key: string]: unknown;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly method: string,
    readonly path: string,
  ) {
    super(body.message ?? `HTTP ${status}`);
  }
  get code(): string | undefined {
    return this.body.code;
  }
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** Reads an error body: JSON (also from a blob answer), else the text as message. */
export async function readErrorBody(response: Response): Promise<ErrorBody> {
  const text = await response.text().catch(() => '');
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as ErrorBody;
    return { message: String(parsed) };
  } catch {
    return { message: text || response.statusText };
  }
}
