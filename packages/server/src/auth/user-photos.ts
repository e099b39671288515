import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import { inTenant, scopeOf, type Db } from '../db/database.ts';
import { MANAGE_USERS, mustFindUser, normaliseUsername } from './users.operation.ts';

/**
 * A user's photo (spec 000 §7, 002 §6): `GET /api/core/users/{username}/photo` answers the image
 * (with `no404=1`, an empty 200 when there is none), `POST` stores the multipart `file`, `DELETE`
 * removes it. Users change their own photo; changing another's needs the users write permission.
 * Images only (PNG, JPEG, GIF, WebP, recognised by their first bytes), at most 5 MB.
 */
export const MAX_PHOTO_BYTES = 5 * 1048576;

const imageTypes: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  ['image/webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
];

const multipartErrors: Record<string, () => ApiError> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new ApiError('MISSING_FILE_IN_REQUEST'),
  FST_REQ_FILE_TOO_LARGE: () => new ApiError('PAYLOAD_TOO_LARGE'),
  FST_FILES_LIMIT: () => new ApiError('PAYLOAD_TOO_LARGE'),
  FST_PARTS_LIMIT: () => new ApiError('PAYLOAD_TOO_LARGE'),
  FST_FIELDS_LIMIT: () => new ApiError('PAYLOAD_TOO_LARGE'),
  FST_PROTO_VIOLATION: () => new ApiError('INVALID_FIELD_IN_BODY', ['(prototype property)']),
  FST_MP_PREMATURE_CLOSE: () => new ApiError('MISSING_FILE_IN_REQUEST'),
};

async function uploadedImage(request: FastifyRequest): Promise<{ contentType: string; content: Buffer }> {
  try {
    const file = await request.file({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1 } });
    if (!file || file.fieldname !== 'file') throw new ApiError('MISSING_FILE_IN_REQUEST');
    const content = await file.toBuffer();
    if (!content.length) throw new ApiError('MISSING_FILE_IN_REQUEST');
    const type = imageTypes.find(([, matches]) => matches(content));
    if (!type) throw new ApiError('INVALID_FILE_EXTENSION', ['png, jpg, jpeg, gif, webp']);
    return { contentType: type[0], content };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (Object.hasOwn(multipartErrors, code)) throw multipartErrors[code]();
    // The multipart parser's own refusals carry no code: no boundary, a body cut short, a bad header.
    throw new ApiError('INVALID_FIELD_IN_BODY', ['file']);
  }
}

type PreHandler = (request: FastifyRequest) => Promise<void>;

export async function userPhotoRoutes(app: FastifyInstance, { db, preHandler }: { db: Db; preHandler: PreHandler }) {
  await app.register(multipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 5 } });
  const scope = (request: FastifyRequest) => scopeOf(request.caller!);
  const target = (request: FastifyRequest) => normaliseUsername((request.params as { id: string }).id);
  const path = '/api/core/users/:id/photo';

  app.get(path, { preHandler, config: { permission: { name: 'read /api/core/users', orSelf: 'id' } } }, async (request, reply) => {
    const { no404 } = request.query as { no404?: string };
    const photo = await inTenant(db, scope(request), async (tx) => {
      const user = await mustFindUser(tx, request.caller!.tenant, target(request));
      const { rows } = await sql<{ content_type: string; content: Buffer }>`SELECT content_type, content FROM user_photo
        WHERE tenant = ${request.caller!.tenant} AND username = ${user.registration}`.execute(tx);
      return rows[0];
    });
    reply.header('cache-control', 'private, no-cache');
    if (!photo) {
      if (no404 === '1' || no404 === 'true') return reply.status(200).send('');
      throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['UserPhoto', target(request)]);
    }
    return reply.type(photo.content_type).send(photo.content);
  });

  app.post(path, { preHandler, config: { permission: { name: MANAGE_USERS, orSelf: 'id' } } }, async (request) => {
    const image = await uploadedImage(request);
    return inTenant(db, scope(request), async (tx) => {
      const user = await mustFindUser(tx, request.caller!.tenant, target(request));
      await sql`INSERT INTO user_photo (tenant, username, content_type, content) VALUES (${request.caller!.tenant}, ${user.registration}, ${image.contentType}, ${image.content})
        ON CONFLICT (tenant, username) DO UPDATE SET content_type = excluded.content_type, content = excluded.content, updated_at = now()`.execute(tx);
      return { username: user.registration, contentType: image.contentType, size: image.content.length };
    });
  });

  app.delete(path, { preHandler, config: { permission: { name: MANAGE_USERS, orSelf: 'id' } } }, async (request) =>
    inTenant(db, scope(request), async (tx) => {
      const user = await mustFindUser(tx, request.caller!.tenant, target(request));
      const { rows } = await sql<{ username: string }>`DELETE FROM user_photo WHERE tenant = ${request.caller!.tenant} AND username = ${user.registration} RETURNING username`.execute(tx);
      return { username: user.registration, deleted: rows.length === 1 };
    }));
}
