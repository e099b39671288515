import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app at / and under the published path /imp/{tenant}; any other
 * non-API path answers index.html so that client routes load on refresh.
 */
export async function webRoutes(app: FastifyInstance, { webDir }: { webDir: string }) {
  const index = path.join(webDir, 'index.html');
  if (!fs.existsSync(index)) return;
  await app.register(fastifyStatic, { root: webDir, prefix: '/', wildcard: false, index: false });
  const html = () => fs.readFileSync(index, 'utf8');
  app.get('/imp/:tenant/*', async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    const file = path.join(webDir, rest);
    if (rest && file.startsWith(webDir) && fs.existsSync(file) && fs.statSync(file).isFile()) return reply.sendFile(rest);
    return reply.type('text/html').send(html());
  });
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    return reply.type('text/html').send(html());
  });
}
