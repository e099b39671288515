import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { sql } from 'kysely';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { queryBit } from '@lbo/model/schema/request-values';
import { pictureTypeOf } from '@lbo/model/values/files';
import { inTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import type { ObjectStore } from '../db/object-store.ts';
import { typed } from '../http/schemas.ts';
import { MANAGE_USERS, mustFindUser, normaliseUsername } from './users.operation.ts';

/**
 * A user's photo (spec 000 §7, 002 §6): `GET /api/core/users/{username}/photo` answers the image
 * (with `no404=1`, an empty 200 when there is none), `POST` stores the multipart `file`, `DELETE`
 * removes it. Users change their own photo; changing another's needs the users write permission.
 * Images only (PNG, JPEG, GIF, WebP, recognised by their first bytes), at most 5 MB, kept in the
 * object store like documents (photos written before are moved there when next read).
 */
export const MAX_PHOTO_BYTES = 5 * 1048576;

const multipartErrors: Record<string, () => ApiError> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new ApiError('MISSING_FILE_IN_REQUEST'),
  FST_REQ_FILE_TOO_LARGE: () => new ApiError('PAYLOAD_TOO_LARGE'),
  FST_FILES_LIMIT: () => new ApiError('PAYLOAD_TOO_LARGE'),
  FST_PARTS_LIMIT: () => new ApiError('PAYLOAD_TOO_LARGE'),
  FST_FIELDS_LIMIT: () => new ApiError('PAYLOAD_TOO_LARGE'),
  FST_PROTO_VIOLATION: () => new ApiError('INVALID_FIELD_IN_BODY', ['(prototype property)']),
  FST_MP_PREMATURE_CLOSE: () => new ApiError('MISSING_FILE_IN_REQUEST'),
};

/** Streams the uploaded picture into the store under `key`, recognising it by its first bytes. */
async function storeUploadedImage(
  request: FastifyRequest,
  store: ObjectStore,
  key: string,
): Promise<{ contentType: string; size: number }> {
  try {
    const file = await request.file({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1 } });
    if (!file || file.fieldname !== 'file') throw new ApiError('MISSING_FILE_IN_REQUEST');
    let contentType: string | undefined;
    const { size } = await store.put(key, file.file, (chunk, seenBefore) => {
      if (seenBefore) return;
      contentType = pictureTypeOf(chunk);
      if (!contentType) throw new ApiError('INVALID_FILE_EXTENSION', ['png, jpg, jpeg, gif, webp']);
    });
    if (file.file.truncated) throw new ApiError('PAYLOAD_TOO_LARGE');
    if (!size || !contentType) throw new ApiError('MISSING_FILE_IN_REQUEST');
    return { contentType, size };
  } catch (error) {
    await store.remove(key);
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (Object.hasOwn(multipartErrors, code)) throw multipartErrors[code]();
    // The multipart parser's own refusals carry no code: no boundary, a body cut short, a bad header.
    throw new ApiError('INVALID_FIELD_IN_BODY', ['file']);
  }
}

type PreHandler = (request: FastifyRequest) => Promise<void>;

interface PhotoRow {
  content_type: string;
  content: Buffer | null;
  storage_key: string | null;
}

export async function userPhotoRoutes(
  app: FastifyInstance,
  { db, store, preHandler }: { db: Db; store: ObjectStore; preHandler: PreHandler },
) {
  await app.register(multipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 5 } });
  const scope = (request: FastifyRequest) => scopeOf(request.caller!);
  const target = ({ params }: { params: { id: string } }) => normaliseUsername(params.id);
  const path = '/api/core/users/:id/photo';
  const api = typed(app);
  const tags = ['Users'];
  const params = z.strictObject({ id: z.string().min(1).max(200).describe('the username') });
  // Signed in and allowed before the request is validated: a stranger learns nothing of the schema.
  const allowed = (name: string) => ({ preValidation: preHandler, config: { permission: { name, orSelf: 'id' } } });
  const newKey = (tenant: string) => `${tenant}/${crypto.randomUUID()}`;

  /** Moves a photo kept in its row into the store; a concurrent reader that moved it first wins. */
  async function moveToStore(
    tenant: string,
    username: string,
    photo: PhotoRow & { content: Buffer },
    request: FastifyRequest,
  ): Promise<string> {
    const key = newKey(tenant);
    await store.put(key, Readable.from([photo.content]));
    const moved = await inTenant(
      db,
      scope(request),
      async (tx) =>
        (
          await sql`UPDATE user_photo SET storage_key = ${key}, size = ${photo.content.length}, content = NULL
      WHERE tenant = ${tenant} AND username = ${username} AND content IS NOT NULL`.execute(tx)
        ).numAffectedRows === 1n,
    );
    if (moved) return key;
    await store.remove(key);
    return (await inTenant(db, scope(request), (tx) => photoOf(tx, tenant, username)))?.storage_key ?? '';
  }

  const photoOf = async (tx: Tx, tenant: string, username: string) =>
    (
      await sql<PhotoRow>`SELECT content_type, content, storage_key FROM user_photo
    WHERE tenant = ${tenant} AND username = ${username}`.execute(tx)
    ).rows[0];

  api.get(
    path,
    {
      ...allowed('read /api/core/users'),
      schema: {
        tags,
        summary: "A user's photo",
        params,
        querystring: z.strictObject({
          no404: queryBit.optional().describe('true: an empty 200 rather than 404 when there is none'),
        }),
      },
    },
    async (request, reply) => {
      const { no404 } = request.query;
      const tenant = request.caller!.tenant;
      const { username, photo } = await inTenant(db, scope(request), async (tx) => {
        const user = await mustFindUser(tx, tenant, target(request));
        return { username: user.registration, photo: await photoOf(tx, tenant, user.registration) };
      });
      reply.header('cache-control', 'private, no-cache');
      const key = !photo
        ? undefined
        : photo.content
          ? await moveToStore(tenant, username, { ...photo, content: photo.content }, request)
          : photo.storage_key;
      const found = key ? await store.get(key) : undefined;
      if (!photo || !found) {
        if (no404 === '1' || no404 === 'true') return reply.status(200).send('');
        throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', ['UserPhoto', target(request)]);
      }
      reply.header('content-length', String(found.size));
      return reply.type(photo.content_type).send(found.content);
    },
  );

  // The photo comes as multipart (`file`, read by @fastify/multipart): the body has no schema.
  api.post(
    path,
    { ...allowed(MANAGE_USERS), schema: { tags, summary: "Sets a user's photo (multipart `file`)", params } },
    async (request) => {
      const tenant = request.caller!.tenant;
      const username = await inTenant(
        db,
        scope(request),
        async (tx) => (await mustFindUser(tx, tenant, target(request))).registration,
      );
      const key = newKey(tenant);
      const image = await storeUploadedImage(request, store, key);
      try {
        const replaced = await inTenant(db, scope(request), async (tx) => {
          const user = await mustFindUser(tx, tenant, username);
          const before = await photoOf(tx, tenant, user.registration);
          await sql`INSERT INTO user_photo (tenant, username, content_type, storage_key, size) VALUES (${tenant}, ${user.registration}, ${image.contentType}, ${key}, ${image.size})
          ON CONFLICT (tenant, username) DO UPDATE SET content_type = excluded.content_type, storage_key = excluded.storage_key, size = excluded.size, content = NULL, updated_at = now()`.execute(
            tx,
          );
          return before?.storage_key;
        });
        if (replaced) await store.remove(replaced);
      } catch (error) {
        await store.remove(key);
        throw error;
      }
      return { username, contentType: image.contentType, size: image.size };
    },
  );

  api.delete(
    path,
    { ...allowed(MANAGE_USERS), schema: { tags, summary: "Removes a user's photo", params } },
    async (request) => {
      const tenant = request.caller!.tenant;
      const deleted = await inTenant(db, scope(request), async (tx) => {
        const user = await mustFindUser(tx, tenant, target(request));
        const { rows } = await sql<{
          storage_key: string | null;
        }>`DELETE FROM user_photo WHERE tenant = ${tenant} AND username = ${user.registration} RETURNING storage_key`.execute(
          tx,
        );
        return { username: user.registration, rows };
      });
      // After the commit: a row never points to a removed photo.
      if (deleted.rows[0]?.storage_key) await store.remove(deleted.rows[0].storage_key);
      return { username: deleted.username, deleted: deleted.rows.length === 1 };
    },
  );
}
