/**
 * `npm run bench:planning`: the time to show the planning of a village with 20,000 helps over a year and a daily
 * slot for two years (730 occurrences, expanded on the device) from IndexedDB, in week and in month, against the
 * 50 ms target (p95). BENCH_HELPS=5000,20000 measures other sizes, each judged against the same target. Measured
 * in real Chromium (Debian's, driven by playwright-core), on the app's production build of React: planning-page/
 * is built into a directory of its own, served on a free port and opened at a phone width and at a desktop width.
 * Each run reads the village from IndexedDB as the route's hooks do (the helps of the shown week or month grid
 * from the index on village and start, not the village's whole history), indexes the helps by day and renders
 * the period up to a laid-out DOM (paint itself is not included). The runs start 5 s after the seed, whose
 * aftermath slowed the first ones (planning-page/main.tsx says how much). The first run of each series is
 * cold: it counts in the p95. Reading all the helps, as useVillageHelps does, is measured for comparison.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { loadAverage } from './load-average';
import { build } from 'vite';
import type { BenchResult, BenchRun } from './planning-page/main';

const TARGET_MS = 50;
const SIZES = (process.env.BENCH_HELPS ?? '20000').split(',').map(Number);
const root = join(import.meta.dirname, 'planning-page');
const VIEWPORTS = [
  { label: 'téléphone 390 px', width: 390, height: 844 },
  { label: 'ordinateur 1280 px', width: 1280, height: 800 },
];
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);

function serve(dir: string) {
  const server = createServer(async (req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    const found = await stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!found) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise<{ base: string; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ base: `http://localhost:${port}`, close: () => server.close() });
    }),
  );
}

function report(name: string, runs: BenchRun[]) {
  const total = runs.map((r) => r.total);
  const median = percentile(total, 50);
  const p95 = percentile(total, 95);
  console.log(
    `  ${name} : médiane ${ms(median)}, p95 ${ms(p95)} (${((p95 / TARGET_MS) * 100).toFixed(0)} % de la cible), 1er passage ${ms(total[0])} ; ${loadAverage()}`,
  );
  console.log(
    `    lecture IndexedDB ${ms(
      percentile(
        runs.map((r) => r.read),
        50,
      ),
    )} + index et rendu ${ms(
      percentile(
        runs.map((r) => r.render),
        50,
      ),
    )} (médianes), ${runs[0].helpsShown} éléments d’aides à l’écran (cartes, noms ou pastilles)`,
  );
  return p95;
}

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'village-bench-planning-'));
  const outDir = join(work, 'dist');
  await build({ configFile: false, root, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true } });
  const server = await serve(outDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  let worst = 0;
  try {
    console.log(
      `Chromium ${browser.version()}, build de production ; 1 village, 30 membres, 50 besoins, un créneau par jour pendant deux ans (730) ; identifiants en UUID comme dans l’app`,
    );
    console.log(
      'Mesure, 5 s après l’écriture du village : lecture IndexedDB (requêtes des hooks de la route : aides et créneaux de la période affichée, besoins, membres, catégories)',
    );
    console.log('+ index par jour + rendu React de la période, jusqu’au DOM mis en page ; la peinture n’est pas comptée.');
    for (const helps of SIZES) {
      for (const viewport of VIEWPORTS) {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          locale: 'fr-FR',
          timezoneId: 'Europe/Paris',
        });
        const page = await context.newPage();
        await page.goto(`${server.base}/?helps=${helps}`);
        const handle = await page.waitForFunction(() => window.planningBench, undefined, { timeout: 300_000 });
        const result = (await handle.jsonValue()) as BenchResult | { error: string };
        await context.close();
        if ('error' in result) throw new Error(result.error);
        console.log(
          `\n${helps.toLocaleString('fr-FR')} aides sur un an, ${viewport.label} — ${result.helpsRead} aides actives dans la base, ${result.week.length} passages par vue`,
        );
        worst = Math.max(worst, report('semaine', result.week), report('mois', result.month));
        report('semaine, toutes les aides lues (useVillageHelps, pour comparaison)', result.weekAllHelps);
        console.log(`  dont index par jour seul : médiane ${ms(percentile(result.index, 50))}, p95 ${ms(percentile(result.index, 95))}`);
        console.log(
          `  dont filtre + tri de useVillageHelps (activeHelps) seul : médiane ${ms(percentile(result.filterSort, 50))}, p95 ${ms(percentile(result.filterSort, 95))}`,
        );
        console.log(
          `  écriture d’un pull (toute la fenêtre réécrite : 1 % des aides parties, 5 % changées ; une transaction) : ${result.pullWrite.map(ms).join(', ')}`,
        );
      }
    }
    console.log(
      `\nPire p95 (semaine et mois) : ${worst.toFixed(1)} ms pour une cible de ${TARGET_MS} ms (rapport ${(worst / TARGET_MS).toFixed(2)}) : ${worst < TARGET_MS ? 'tenue' : 'MANQUÉE'}.`,
    );
    console.log(
      `Charge de la machine (1, 5, 15 min) : ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await browser.close();
    server.close();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
