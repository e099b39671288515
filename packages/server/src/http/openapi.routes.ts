import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { openApiPath } from './schemas.ts';

/** Serves the generated document to whoever is signed in. */
export async function openApiRoutes(
  app: FastifyInstance,
  { preHandler }: { preHandler: (request: FastifyRequest) => Promise<void> },
) {
  app.get(
    openApiPath,
    { preHandler, config: { permission: null }, schema: { hide: true } as FastifySchema },
    async () => app.swagger(),
  );
}
