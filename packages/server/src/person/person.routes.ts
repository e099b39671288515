import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { readQuerySchema } from '@lbo/model/schema/kind-schemas';
import { idParams, noBody } from '@lbo/model/schema/request-values';
import type { Entity } from '@lbo/model/entity';
import type { FieldDef } from '@lbo/model/fields';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import { isObject } from '@lbo/model/values/validate';
import { readInTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import type { Operations } from '../entities/crud.operation.ts';
import { typed } from '../http/schemas.ts';
import * as storage from '../entities/storage.ts';
import { tenantConfigOf } from '../db/configuration.ts';
import { ascendantsOf, hierarchyOf, holdersOf, HIERARCHY_LIMIT } from './person-hierarchy.ts';
import { relationsFor } from './quick-add-relations.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

/** A quick add's source: the person (a record as the client has it) or its registration. */
const quickAddBody = z.strictObject({
  sourcePerson: z
    .union([
      z.looseObject({ type: z.string().max(20).optional(), registration: z.string().max(200).optional() }),
      z.string().max(200),
    ])
    .describe('the person the quick add starts from, or its registration'),
});

const personEntity = entityByName('Person')!;
const prospectEntity = entityByName('Prospect')!;

/** A declaration's fields as the client reads them: lists as a one-item array of their item schema. */
export function schemaOf(fields: Record<string, FieldDef>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, f]) => {
      if (f.type === 'list' && f.fields) return [name, [schemaOf(f.fields)]];
      if (f.type === 'object' && f.fields) return [name, schemaOf(f.fields)];
      const { fields: _nested, ...rest } = f;
      return [name, rest];
    }),
  );
}

/**
 * Person routes beyond the generic CRUD (spec 002 §7): the person schema with the tenant's
 * extension fields, ascendants, the relation diagram, organizations with their ascendants, the
 * re-read after a user was synced, and the relations a quick add offers.
 */
export async function personRoutes(
  app: FastifyInstance,
  { db, operations, preHandler }: { db: Db; operations: Operations; preHandler: PreHandler },
) {
  // Every route here only reads.
  const reading = <T>(request: FastifyRequest, work: (tx: Tx) => Promise<T>) =>
    readInTenant(db, scopeOf(request.caller!), work);
  const mustFind = async (tx: Tx, request: FastifyRequest, entity: Entity, id: string) => {
    const row = await storage.findOne(tx, entity, request.caller!.tenant, id);
    if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [entity.name, id]);
    return storage.toDocument(row);
  };
  const api = typed(app);

  for (const entity of [personEntity, prospectEntity]) {
    const base = `/api/${entity.route}`;
    const read = { entity: entity.name, permission: `read ${base}` };
    const tags = [entity.name];

    /** `{schema}`: the declared fields, with `options.person.extensionFields.contacts` added to contacts[0]. */
    api.get(`${base}-schema`, { preHandler, config: read }, async (request) => {
      const schema = schemaOf(entity.fields);
      const options = await reading(
        request,
        async (tx) => (await tenantConfigOf(tx, request.caller!.tenant)).options ?? {},
      );
      const extensions =
        isObject(options.person) && isObject(options.person.extensionFields) ? options.person.extensionFields : {};
      for (const [list, extra] of Object.entries(extensions)) {
        if (Array.isArray(schema[list]) && isObject(extra))
          schema[list] = [{ ...(schema[list] as Record<string, unknown>[])[0], ...extra }];
      }
      return { schema };
    });

    api.get(
      `${base}/:id/ascendants`,
      {
        preValidation: preHandler,
        config: read,
        schema: { tags, summary: `The ascendants of a ${entity.name}`, params: idParams },
      },
      async (request) =>
        reading(request, async (tx) => {
          const doc = await mustFind(tx, request, entity, request.params.id);
          return ascendantsOf(tx, entity, request.caller!.tenant, String(doc.registration));
        }),
    );

    api.get(
      `${base}/:id/hierarchy`,
      {
        preValidation: preHandler,
        config: read,
        schema: { tags, summary: `The relation diagram of a ${entity.name}`, params: idParams },
      },
      async (request) =>
        reading(request, async (tx) =>
          hierarchyOf(tx, entity, request.caller!.tenant, await mustFind(tx, request, entity, request.params.id)),
        ),
    );

    // The client re-reads a person by POST after a user was synced to it (spec 002 §7).
    api.post(
      `${base}/:id`,
      {
        preValidation: preHandler,
        config: read,
        schema: {
          tags,
          summary: `Read a ${entity.name} again (after a change made elsewhere)`,
          params: idParams,
          querystring: readQuerySchema,
          body: noBody,
        },
      },
      async (request) => operations.get(request.caller!, entity, request.params.id, request.query),
    );
  }

  /** The tenant's own person (role TENANT) first, then the organizations (type O), each with its ascendants. */
  api.get(
    '/api/person/organizations-with-ascendants',
    { preHandler, config: { entity: personEntity.name, permission: `read /api/${personEntity.route}` } },
    async (request) =>
      reading(request, async (tx) => {
        const tenant = request.caller!.tenant;
        const { rows } =
          await sql<storage.Row>`SELECT _id, registration, status, name, type, data, _insert_date, _insert_user, _update_date, _update_user, _version
        FROM ${sql.table(personEntity.table)} WHERE tenant = ${tenant}
          AND (type = 'O' OR (data #> '{roles}') @> ${JSON.stringify([{ role: 'TENANT' }])}::jsonb)
        ORDER BY registration LIMIT ${HIERARCHY_LIMIT}`.execute(tx);
        const docs = rows.map(storage.toDocument);
        const isTenant = (d: storage.Doc) =>
          Array.isArray(d.roles) && d.roles.some((r: { role?: string }) => r?.role === 'TENANT');
        docs.sort((a, b) => Number(isTenant(b)) - Number(isTenant(a)));
        const holders = await holdersOf(
          tx,
          personEntity,
          tenant,
          docs.map((d) => String(d.registration)),
        );
        return docs.map((d) => ({
          _id: d._id,
          registration: d.registration,
          name: d.name ?? null,
          type: d.type ?? null,
          roles: d.roles ?? [],
          isTenant: isTenant(d),
          ascendants: holders.flatMap((h) =>
            ((h.descendants as { personRegistration: string; relation: string; stake?: number }[] | undefined) ?? [])
              .filter((x) => x?.personRegistration === d.registration)
              .map((x) => ({
                relation: x.relation,
                stake: x.stake ?? null,
                personRegistration: h.registration,
                person: { registration: h.registration, name: h.name ?? null, type: h.type ?? null },
              })),
          ),
        }));
      }),
  );

  /**
   * `{sourcePerson}` (a person, or its registration): the relations a quick add from it offers,
   * each with the roles and the `descendants` item the new person is posted with.
   */
  api.post(
    '/api/script/runs/quick-add-relations',
    {
      preValidation: preHandler,
      config: { permission: `read /api/${personEntity.route}` },
      schema: {
        tags: [personEntity.name],
        summary: 'The relations a quick add from a person offers',
        body: quickAddBody,
      },
    },
    async (request) => {
      let source: unknown = request.body.sourcePerson;
      if (source === '') throw new ApiError('MISSING_FIELD_IN_BODY', ['sourcePerson']);
      if (typeof source === 'string') {
        const registration = source;
        source = await reading(request, async (tx) => {
          const row =
            (await storage.findOne(tx, personEntity, request.caller!.tenant, registration)) ??
            (await storage.findOne(tx, prospectEntity, request.caller!.tenant, registration));
          if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [personEntity.name, registration]);
          return storage.toDocument(row);
        });
      }
      if (!isObject(source)) throw new ApiError('INVALID_OBJECT_FIELD', ['sourcePerson']);
      if (source.type !== undefined && typeof source.type !== 'string')
        throw new ApiError('INVALID_STRING_FIELD', ['sourcePerson.type']);
      const registration = typeof source.registration === 'string' ? source.registration : undefined;
      return relationsFor(String(source.type ?? 'C')).map((r) => ({
        ...r,
        ...(registration ? { descendants: [{ personRegistration: registration, relation: r.relation }] } : {}),
      }));
    },
  );
}
