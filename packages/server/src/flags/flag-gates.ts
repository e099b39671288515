import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Entity } from '@lbo/model/entity';
import { defaultMenusOf, featureFlagPathsOf, type ToolPlacement } from '../auth/menus.ts';
import type { RegisteredRoute } from '../auth/request-context.ts';
import { typed } from '../http/schemas.ts';

/** What a flag gates, as declared in data: menu entries, transitions of the kinds' workflows, routes. */
export interface FlagGates {
  menus: { path: string }[];
  transitions: { entity: string; code: string; label: string }[];
  routes: { method: string; url: string }[];
}

export function gatesOf(
  name: string,
  { entities, tools, routes }: { entities: Entity[]; tools: ToolPlacement[]; routes: RegisteredRoute[] },
): FlagGates {
  return {
    menus: Object.entries(featureFlagPathsOf(defaultMenusOf(entities, tools)))
      .filter(([, flag]) => flag === name)
      .map(([path]) => ({ path })),
    transitions: entities.flatMap((entity) =>
      (entity.workflow?.transitions ?? [])
        .filter((tr) => tr.featureFlag === name)
        .map((tr) => ({ entity: entity.name, code: tr.code, label: tr.label })),
    ),
    routes: routes.filter((route) => route.config.featureFlag === name).map(({ method, url }) => ({ method, url })),
  };
}

/** `GET /api/core/feature-flags/{name}/gates`: what the flag's detail screen lists under "What it gates". */
export async function flagGatesRoutes(
  app: FastifyInstance,
  options: {
    preHandler: (request: FastifyRequest) => Promise<void>;
    entities: Entity[];
    tools: ToolPlacement[];
    routes: () => RegisteredRoute[];
  },
) {
  typed(app).get(
    '/api/core/feature-flags/:name/gates',
    {
      preValidation: options.preHandler,
      config: { permission: 'read /api/core/feature-flags' },
      schema: {
        tags: ['FeatureFlag'],
        summary: 'What a feature flag gates: menu entries, transitions and routes declared with its name',
        params: z.strictObject({ name: z.string().min(1).max(100) }),
      },
    },
    async (request) =>
      gatesOf(request.params.name, { entities: options.entities, tools: options.tools, routes: options.routes() }),
  );
}
