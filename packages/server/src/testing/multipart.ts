import type { TestApp, TestUser } from './test-app.ts';

/** A file sent in a multipart body. */
export interface SentFile {
  name: string;
  content: Buffer;
  type?: string;
}

export const BOUNDARY = 'lbo-test-boundary';

/** A multipart body: the given fields, then the file (as `file`). */
export function multipartBody(file: SentFile, fields: Record<string, string> = {}): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
    ),
  );
  parts.push(file.content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** Posts `file` (and `fields`) as multipart to `url`, as `user`. */
export const uploadFile = (
  t: TestApp,
  user: TestUser,
  url: string,
  file: SentFile,
  fields: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartBody(file, fields),
  });
