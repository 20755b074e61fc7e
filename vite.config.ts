import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const API = 'http://localhost:3333';

/**
 * The route code splitter wraps each screen in TanStack's lazyRouteComponent, which reloads the page when the
 * screen's chunk fails to load; in Firefox an import fails whenever the page is being left, and that reload
 * replaced the address being opened. The screens use the app's own instead (src/pwa/lazy-route-component.tsx).
 */
function appLazyRouteComponent(): Plugin {
  const tanstack = /import\s*\{\s*lazyRouteComponent\s*\}\s*from\s*(["'])@tanstack\/react-router\1/;
  const own = fileURLToPath(new URL('./src/pwa/lazy-route-component.tsx', import.meta.url));
  return {
    name: 'village:lazy-route-component',
    transform(code, id) {
      if (!id.includes('/src/routes/') || !tanstack.test(code)) return null;
      // Same line count: the splitter's source map still holds.
      return { code: code.replace(tanstack, `import { lazyRouteComponent } from ${JSON.stringify(own)}`), map: null };
    },
  };
}

/**
 * The endpoints' `summary` is the OpenAPI document's text (server/openapi/document.ts), read by the server
 * only: the app's build drops it, 180 bytes gzip on the login screen alone (`npm run bench:size`). The string
 * is emptied in place, keeping its lines, so the source maps still hold.
 */
function dropEndpointSummaries(): Plugin {
  const summary = /(summary:\s*)(['"`])(?:\\.|(?!\2)[^\\])*\2/g;
  return {
    name: 'village:drop-endpoint-summaries',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]src[\\/]contract[\\/]endpoints[\\/][^\\/]+\.ts$/.test(id)) return null;
      return { code: code.replace(summary, (_, head: string) => `${head}''`), map: null };
    },
  };
}

/** The build's text files: its images (PNG, WebP, WOFF2) are compressed already. */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ico)$/;

/** Each made once per build at the slowest, smallest setting, since every visitor downloads the result. */
const COPIES = [
  {
    suffix: '.br',
    compress: (data: Buffer) =>
      promisify(brotliCompress)(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { suffix: '.gz', compress: (data: Buffer) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }) },
];

/**
 * Brotli and gzip copies beside every text file of the build, made once here rather than by the server at each
 * request: server/static/pwa.ts sends one by the request's Accept-Encoding. Every text file has both, even the
 * few whose copy is a few bytes longer (index.html's entry script, 46 bytes), so that all are answered alike.
 * It runs after every other step, the service worker's own build by vite-plugin-pwa included (its
 * closeBundle), so that sw.js has its copies too.
 */
function precompressStaticFiles(): Plugin {
  let outDir = '';
  return {
    name: 'village:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
        const texts = entries.filter((e) => e.isFile() && TEXT_FILE.test(e.name)).map((e) => join(e.parentPath, e.name));
        const sizes: Record<string, number> = { file: 0, '.br': 0, '.gz': 0 };
        // zlib runs on libuv's thread pool: all files at once use every core.
        await Promise.all(
          texts.map(async (path) => {
            const data = await readFile(path);
            sizes.file += data.length;
            for (const { suffix, compress } of COPIES) {
              const copy = await compress(data);
              await writeFile(path + suffix, copy);
              sizes[suffix] += copy.length;
            }
          }),
        );
        this.info(`${texts.length} text files, ${sizes.file} bytes: ${sizes['.br']} with Brotli, ${sizes['.gz']} with gzip`);
      },
    },
  };
}

/**
 * The two signed-out pages a person reaches cold, the sign-in page and a join link (which its guard sends to the
 * sign-in page with the link's preview card), had their code come one level after another: the entry, then the
 * routes' chunks the router asks for, then the join's lazy parts, then the preview's answer (Lighthouse's
 * critical request chain). index.html's `data-early-loads` script asks for them all as the page is read, on
 * these pages only, signed out, so no other page fetches them; the entry's own code stays what it was
 * (`npm run bench:size`). Here its attributes get the files: each source module's chunk, the chunks it imports
 * statically that the entry does not, and their styles. A module not found is an error, not a silent loss.
 * The launch queue's consumer, which the entry imports as it runs, is one of them: asked for once the entry had
 * run, it was the last request before the first paint, and Lighthouse's simulation ended its LCP there (170 ms).
 */
function earlyLoads(): Plugin {
  const signIn = ['src/routes/_auth.tsx', 'src/routes/_auth.auth.login.tsx', 'src/features/join/launch-queue.ts'];
  const pages = { 'data-sign-in': signIn, 'data-join': [...signIn, 'src/app/join-login.tsx', 'src/features/join/join-preview-card.tsx'] };
  let root = '';
  let api = '';
  return {
    name: 'village:early-loads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      api = String(config.env.VITE_API_URL ?? '').replace(/\/$/, '');
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const withImports = (files: string[], into = new Set<string>()): Set<string> => {
          for (const file of files) {
            if (into.has(file)) continue;
            into.add(file);
            withImports(byFile.get(file)?.imports ?? [], into);
          }
          return into;
        };
        const initial = withImports(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
        const filesOf = (modules: string[]) => {
          const found = modules.map((module) => {
            const chunk = chunks.find((c) => c.facadeModuleId?.split('?')[0] === resolve(root, module));
            if (!chunk) throw new Error(`earlyLoads: no chunk for ${module}`);
            return chunk.fileName;
          });
          const files = [...withImports(found)].filter((file) => !initial.has(file));
          const styles = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
          return [...files, ...new Set(styles)].map((file) => `/${file}`).join(' ');
        };
        const attributes = Object.entries(pages).map(([name, modules]) => `${name}="${filesOf(modules)}"`);
        return html.replace('<script data-early-loads>', `<script data-early-loads ${attributes.join(' ')} data-api="${api}">`);
      },
    },
  };
}

/** A route chunk's name without the layouts' repeated prefixes: `village.planning`, `auth.login`. */
const shortName = (name: string) => name.replace(/^_dashboard\.dashboard\.villages\._id/, 'village').replace(/^_(\w+)\.\1\./, '$1.');

export default defineConfig({
  resolve: {
    alias: {
      /**
       * TanStack's store imports the selector hook's shim for React 17, which carries its own copy of
       * useSyncExternalStore; the same package's build for React 18 and later uses React's (bench:size).
       */
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    appLazyRouteComponent(),
    dropEndpointSummaries(),
    earlyLoads(),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // Vite 8 bundles the worker as an ES module by default, which then fails to start ("ServiceWorker script evaluation failed": it ends in `export default`).
      // The manifest's screenshots are for the browser's install sheet, which fetches them itself: not precached.
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,png,svg,webp,woff2}'],
        globIgnores: ['screenshots/**'],
      },
      manifest: {
        id: '/',
        name: "Village – l'entraide autour d'un proche",
        short_name: 'Village',
        description: "Organisez l'entraide autour d'une personne qui a besoin d'aide : besoins, planning, discussion.",
        lang: 'fr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#fbf8f3',
        theme_color: '#2f6f5e',
        launch_handler: { client_mode: ['navigate-existing', 'auto'] },
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Android's richer install sheet; taken at 390 and 1280 px from the app with made-up data (public/screenshots).
        screenshots: [
          {
            src: '/screenshots/planning-narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Le planning de la semaine : qui aide, quel jour, à quelle heure',
          },
          {
            src: '/screenshots/planning-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Le planning du village sur un ordinateur',
          },
        ],
      },
    }),
    precompressStaticFiles(),
  ],
  build: {
    rolldownOptions: {
      output: {
        /**
         * Chunks are named after their route files (`_dashboard.dashboard.villages.$id.planning`), and the entry lists
         * every lazy chunk's and stylesheet's file name: shorter names keep the first screen within its budget
         * (bench:size).
         */
        chunkFileNames: (chunk) => `assets/${shortName(chunk.name)}-[hash].js`,
        assetFileNames: (asset) =>
          asset.names[0]?.endsWith('.css')
            ? `assets/${shortName(asset.names[0].slice(0, -4))}-[hash].css`
            : 'assets/[name]-[hash][extname]',
        codeSplitting: {
          /**
           * What the entry imports statically is fetched at every start whatever the address: as 30-odd shared
           * chunks of a few hundred bytes, each gzipped alone, it cost 9 KB more than as two files (bench:size).
           * The libraries stay apart from the app's code, so a release of the app alone keeps them cached.
           */
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 2 },
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
          /**
           * A warm start of a village's planning fetched 68 files, most of them shared chunks of a few modules (the
           * contract, a hook, a query), and each costs the page's main thread a request and a module to instantiate.
           * Rolldown copies the shared chunks under 10 KB of source into the chunks that import them, its runtime
           * keeping one state per module: 34 files, and the offline warm start's median went from 243–273 ms to
           * 188–247 ms in alternated runs (`npm run bench:offline-start`). The copies cost bytes in the precache,
           * fetched once per release: 382 KB gzip in all without them, 494 KB with. Styles stay files, as Vite's
           * CSS plugin needs (rolldown's guide to this option).
           */
          experimentalInlineCommonChunks: { maxSize: 10_000, exclude: /\.css(\?|$)/ },
        },
      },
    },
  },
  server: { proxy: { '/v1': API, '/uploads': API, '/static': API } },
});
