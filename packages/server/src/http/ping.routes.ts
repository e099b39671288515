import type { FastifyInstance } from 'fastify';

/** `GET /api/core/ping`: the server answers (`GET /api/core/hosts/{hostname}` is served by sso/sso.routes.ts). */
export async function pingRoutes(app: FastifyInstance) {
  app.get('/api/core/ping', async () => ({ pong: true, date: new Date().toISOString() }));
}
