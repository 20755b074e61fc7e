/**
 * The server built once (esbuild, into node_modules/.cache/village-server), rebuilt only when what it was built
 * from changed: `npm start` runs it with plain Node instead of transpiling every module with tsx at each start
 * (about a second).
 * Plain JavaScript, so that Node runs it as it is.
 */
import { readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

export const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** Under node_modules: ignored by git, ESLint and the tests, and gone with the modules it was built from. */
export const outDir = join(root, 'node_modules', '.cache', 'village-server');
export const bundle = join(outDir, 'main.mjs');
/** What the bundle was built from: the time the build began and the repository's files it read. */
const stampFile = join(outDir, 'inputs.json');

/**
 * Left to Node at run time: PGlite finds its WebAssembly and data files beside its own module, sharp is a
 * native module, pino starts its transports from files of its package, Vite is only imported to build the
 * app, pg-native is an optional part of pg.
 */
const EXTERNAL = ['@electric-sql/pglite', 'sharp', 'pino', 'vite', 'pg-native'];

/**
 * The installed packages are bundled too: npm writes node_modules/.package-lock.json at each install, so its
 * date says when they changed. This file, tsconfig.json (esbuild reads it) and the lockfiles count as well.
 */
const ALWAYS_INPUTS = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'tsconfig.json']
  .map((file) => join(root, file))
  .concat(fileURLToPath(import.meta.url));

const mtime = (path) => stat(path).then((s) => s.mtimeMs, () => Infinity);
const mtimeNow = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity;

/**
 * Why the bundle must be (re)built, or null when it is newer than everything it was built from. Synchronous:
 * `npm start` waits for it before anything else, and its 200-odd dates read one after the other take about
 * 6 ms, against about 20 ms through fs/promises' thread pool (`npm run bench:start`'s start-up).
 */
export function staleness() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    statSync(bundle);
  } catch {
    return 'no build yet';
  }
  const sources = stamp.inputs.map((input) => join(root, input));
  const always = ALWAYS_INPUTS.map(mtimeNow);
  const read = sources.map(mtimeNow);
  // A source gone counts as changed (Infinity); a lockfile that this install has not, not.
  const changed =
    sources.find((_, i) => read[i] >= stamp.builtFrom) ?? ALWAYS_INPUTS.find((_, i) => always[i] !== Infinity && always[i] >= stamp.builtFrom);
  return changed ? `${relative(root, changed)} changed` : null;
}

/**
 * `import.meta.url`, `.filename` and `.dirname` of a module of the repository name its own file once bundled
 * too (the migrations folder, the repository's root): rewritten from the bundle's own place.
 */
const sourcePlaces = {
  name: 'source-places',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.split(sep).includes('node_modules')) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta')) return { contents: text, loader: 'ts' };
      const url = `new URL(${JSON.stringify(relative(outDir, args.path).split(sep).join('/'))}, import.meta.url)`;
      const helpers = "import { fileURLToPath as __sourcePath } from 'node:url';\nimport { dirname as __sourceDir } from 'node:path';\n";
      const contents = text
        .replaceAll('import.meta.url', `${url}.href`)
        .replaceAll('import.meta.filename', `__sourcePath(${url})`)
        .replaceAll('import.meta.dirname', `__sourceDir(__sourcePath(${url}))`);
      return { contents: helpers + contents, loader: 'ts' };
    });
  },
};

const MTIME_SLACK_MS = 50;

/** Chunks of an older build still there this long after a new one: no start that read the older one needs them. */
const OLD_CHUNK_MS = 60_000;

/**
 * Builds server/main.ts into the bundle: its entry, and chunks for what it imports dynamically, so that the
 * entry begins the database's start before the rest of the server is even compiled (see server/main.ts). The
 * chunks' names are their contents' hash, so two builds at once never write one chunk differently, and the
 * entry and the list of inputs are written aside then renamed: a start at the same time never reads half a
 * file.
 */
export async function buildServer() {
  // A file's date comes from the kernel's coarse clock, up to a tick behind Date.now(): one saved just as the
  // build begins must still count as newer than it.
  const builtFrom = Date.now() - MTIME_SLACK_MS;
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: join(root, 'server', 'main.ts') },
    outdir: outDir,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // The CommonJS packages bundled call require() for Node's modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [sourcePlaces],
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.split('/').includes('node_modules'));
  await mkdir(outDir, { recursive: true });
  const written = new Set();
  const aside = (path) => `${path}.${process.pid}`;
  for (const file of result.outputFiles) {
    written.add(file.path);
    await writeFile(file.path === bundle ? aside(bundle) : file.path, file.contents);
  }
  await writeFile(aside(stampFile), JSON.stringify({ builtFrom, inputs: inputs.map((input) => relative(root, resolve(root, input))) }));
  await rename(aside(bundle), bundle);
  await rename(aside(stampFile), stampFile);
  for (const name of await readdir(outDir)) {
    const path = join(outDir, name);
    if (name.startsWith('chunk-') && !written.has(path) && (await mtime(path)) < builtFrom - OLD_CHUNK_MS) await rm(path, { force: true });
  }
}
