import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifySchema } from 'fastify';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { typed } from './http/schemas.ts';

/** Files whose name carries a hash of their content (Vite writes them under assets/). */
const hashedAsset = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;

/**
 * Hashed files never change under their name: cached for a year without revalidation. Anything
 * else (index.html, the icon) is revalidated on every use, so a new version shows at once.
 * Every answer varies with Accept-Encoding, since a compressed twin may be chosen.
 */
function setCacheHeaders(res: { setHeader(name: string, value: string): unknown }, file: string) {
  res.setHeader('cache-control', hashedAsset.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('vary', 'accept-encoding');
}

/**
 * Serves the built web app at / and under the published path /imp/{tenant}; any other
 * non-API path answers index.html so that client routes load on refresh. The build writes a
 * brotli and a gzip twin beside each asset (vite.config.ts), sent to clients that accept them.
 * `webDir` is a link that a new build replaces whole (scripts/build-web.mjs): every file is looked
 * up when asked for, never from a list made at start, so a server that was running when the app
 * was rebuilt serves the new build's files.
 */
export async function webRoutes(app: FastifyInstance, { webDir }: { webDir: string }) {
  const index = path.join(webDir, 'index.html');
  if (!fs.existsSync(index)) return;
  await app.register(fastifyStatic, {
    root: webDir,
    serve: false,
    index: false,
    dotfiles: 'ignore',
    preCompressed: true,
    cacheControl: false,
    setHeaders: setCacheHeaders,
  });
  /** Whether `rest` names a file of the build (not a folder, not outside it). */
  const isFile = (rest: string) => {
    const file = path.join(webDir, rest);
    return !!rest && file.startsWith(webDir + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile();
  };
  const html = () => fs.readFileSync(index, 'utf8');
  const sendHtml = (reply: FastifyReply) => reply.type('text/html').header('cache-control', 'no-cache').send(html());
  // The web app's pages are not API calls: the OpenAPI document leaves them out.
  const page = { schema: { hide: true } as FastifySchema };
  const restPath = z.string().max(2000).describe('the path under the app');
  const api = typed(app);
  api.get(
    '/imp/:tenant/*',
    { schema: { ...page.schema, params: z.strictObject({ tenant: z.string().max(100), '*': restPath }) } },
    async (request, reply) => {
      const rest = request.params['*'];
      if (isFile(rest)) return reply.sendFile(rest);
      return sendHtml(reply);
    },
  );
  api.get('/*', { schema: { ...page.schema, params: z.strictObject({ '*': restPath }) } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    const rest = request.params['*'];
    if (isFile(rest)) return reply.sendFile(rest);
    // A missing asset (an old version's chunk) is not a page: HTML under a script's URL would be cached as the script.
    if (request.url.startsWith('/assets/')) return reply.callNotFound();
    return sendHtml(reply);
  });
}
