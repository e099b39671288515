import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) twin beside every text asset of the build, so the
 * server sends compressed files without compressing on each request (@fastify/static's
 * `preCompressed`). Maximum levels: the cost is paid once, at build time.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) { outDir = path.resolve(config.root, config.build.outDir); },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json|webmanifest)$/.test(name));
      await Promise.all(files.map(async (name) => {
        const file = path.join(outDir, name);
        const content = await fs.readFile(file);
        if (content.length < 1024) return;
        await Promise.all([
          brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } })
            .then((body) => fs.writeFile(`${file}.br`, body)),
          gzip(content, { level: 9 }).then((body) => fs.writeFile(`${file}.gz`, body)),
        ]);
      }));
    },
  };
}

/**
 * antd's inputs and selects read the form's context (`FormProvider`) from `@rc-component/form`,
 * whose index also builds the whole form (fields, lists, validation) as properties of its default
 * export, which a bundler must keep. That import goes to the context's own file instead, so a
 * screen without a form does not carry the form.
 */
function formContextOnly(): Plugin {
  return {
    name: 'form-context-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer || !/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer))
        return undefined;
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    },
  };
}

/**
 * antd's button styles read `isBright` from the colour picker's presets file, which imports the
 * whole Collapse (its styles and its `Object.assign` with the panel, which no bundler can drop), so
 * every route carried it. That one import gets a Collapse loaded when first drawn: the presets
 * (of a colour picker, which no screen shows yet) still work, and the other screens' Collapse is
 * antd's own.
 */
function collapseForColorPresets(): Plugin {
  const id = '\0collapse-for-color-presets';
  return {
    name: 'collapse-for-color-presets',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../../collapse' && importer && /[\\/]antd[\\/]es[\\/]color-picker[\\/]components[\\/]ColorPresets\.js$/.test(importer))
        return id;
      return undefined;
    },
    load(loaded) {
      if (loaded !== id) return undefined;
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        "const Collapse = lazy(() => import('antd/es/collapse/index.js'));",
        'export default function LazyCollapse(props) {',
        '  return createElement(Suspense, { fallback: null }, createElement(Collapse, props));',
        '}',
      ].join('\n');
    },
  };
}

/**
 * The installable app (spec 000 §2, docs/offline.md): a web app manifest and the service worker
 * `src/offline/sw.ts`, built to `/sw.js` with the precache list of this build's own files. The
 * list is made when the build closes, so it names neither the compressed twins (`.br`, `.gz`) nor
 * the previous version's assets that scripts/build-web.mjs links in afterwards (`.carried`): a page
 * of the previous version still finds them on the server, and its worker's cache still holds them
 * until the new worker takes over. Registered by src/offline/app-worker.ts (not injected here).
 */
const installableApp = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/offline',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'autoUpdate',
    includeAssets: ['favicon.ico', 'icon.svg'],
    manifest: {
      name: 'Leasing back office',
      short_name: 'Back office',
      description: 'Financing, leasing and asset management',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#1f5fa8',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    injectManifest: {
      // The shell and every code chunk; the scripting engine's WebAssembly (several MB, for tenant scripts) is fetched when used.
      globPatterns: ['**/*.{js,css,html,ico,svg,png,webmanifest,woff2}'],
      globIgnores: ['**/*.br', '**/*.gz', 'sw.js'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });

/**
 * Assets use absolute URLs (base '/'), so the same build loads at / and under the published
 * path /imp/{tenant}/…, where the server answers index.html for any client route.
 */
export default defineConfig({
  base: '/',
  plugins: [
    react(),
    formContextOnly(),
    collapseForColorPresets(),
    precompress(),
    installableApp(),
  ],
  // The calendar's plugins are installed at two levels (the web's FullCalendar and the root's
  // timegrid): one core for all of them, or a plugin registers with a core the calendar does not use.
  resolve: { dedupe: ['@fullcalendar/core', '@fullcalendar/daygrid'] },
  build: {
    // `npm run build` (scripts/build-web.mjs) builds into a folder of its own, then points dist at it.
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // What a route needs comes in a few chunks rather than some ninety small ones: brotli
        // compresses one large file better than many small ones, and each file costs a request.
        // Each group takes its modules with everything they import (not taken by a group of higher
        // priority): React and the router; the app's start (locale, session, the modules' faces,
        // the entity declarations); the sign-in page; the signed-in shell with its header and the list screen.
        // What only other screens use stays in their own chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 4 },
            { name: 'app', test: /src[\\/]app[\\/](main\.tsx|Root\.tsx|web-modules\.ts)$/, priority: 3 },
            // The inputs the sign-in page shares with the list screens (with what they import), without
            // the page itself, which is a chunk of its own.
            {
              name: 'sign-in',
              test: /node_modules[\\/](antd[\\/]es[\\/](input|alert|space)|@rc-component[\\/]input)[\\/]/,
              priority: 2,
            },
            {
              // The header's parts (search, the state of the app, the bell) are drawn with the shell.
              name: 'signed-in',
              test: /src[\\/](app[\\/]shell[\\/]SignedInApp|entities[\\/]ListScreen|search[\\/]HeaderSearch|offline[\\/]OfflineStatus|notifications[\\/]NotificationBell)\.tsx$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' },
  },
});
