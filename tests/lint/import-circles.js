// The repository's import graph and its circles, for ESLint's `village/no-import-circles` rule (eslint.config.js)
// and tests/lint/import-circles.test.ts. Plain JavaScript because eslint.config.js loads it as it is.
//
// Why not eslint-plugin-import's no-cycle: it walked the graph again from every file it linted, 31–35 s of the
// lint's 45 s of rule time on a clean clone, and it does not follow `import type`. Here the graph is read once per
// ESLint process (about 1.6 s: one `ts.preProcessFile` per module, Tarjan's algorithm once), and every import
// counts: `import type`, `export … from` and `import()`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The folders whose modules may import each other: every circle among them is refused. */
export const FOLDERS = ['src', 'server', 'sw', 'tests'];

function sourceFiles(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base.replace(/\.js$/, '.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** The modules a module's text imports, as absolute paths among `known`, each once with its import's position. */
function importsOf(file, text, known) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const seen = new Map();
  for (const { fileName, pos } of importedFiles) {
    const target = resolveRelative(file, fileName);
    if (target && known.has(target) && !seen.has(target)) seen.set(target, pos);
  }
  return seen;
}

/** Tarjan's algorithm: the strongly connected components of more than one module, each sorted. */
function circlesOf(imports) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const visit = (file) => {
    index.set(file, index.size);
    low.set(file, index.get(file));
    stack.push(file);
    onStack.add(file);
    for (const target of imports.get(file).keys()) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) circles.push(component.sort());
  };
  for (const file of imports.keys()) if (!index.has(file)) visit(file);
  return circles;
}

/** The import graph of `base`'s folders as on disk: each module's imports (target → position). */
function readGraph(base, folders) {
  const files = folders.flatMap((folder) => sourceFiles(join(base, folder)));
  const known = new Set(files);
  return { known, imports: new Map(files.map((file) => [file, importsOf(file, readFileSync(file, 'utf8'), known)])) };
}

/** The import circles among the modules of `base`'s folders, each as its paths from `base`. */
export function importCircles(base, folders = FOLDERS) {
  return circlesOf(readGraph(base, folders).imports).map((circle) => circle.map((file) => relative(base, file)));
}

/**
 * One graph per repository root for the ESLint process. A linted module's own text replaces what was read of it
 * (an editor's buffer, a file changed since), and the circles are found again only when its imports changed.
 */
const graphs = new Map();
function graphFor(base) {
  let graph = graphs.get(base);
  if (!graph) {
    graph = readGraph(base, FOLDERS);
    graph.circles = circlesOf(graph.imports);
    graphs.set(base, graph);
  }
  return graph;
}

const sameImports = (a, b) => a.size === b.size && [...a.keys()].every((target) => b.has(target));

/** ESLint rule: a module's imports that lead back to it, each reported once with the circle it closes. */
export const noImportCircles = {
  meta: {
    type: 'problem',
    docs: { description: 'No import circles among the modules of src, server, sw and tests, type imports included.' },
    schema: [],
    messages: {
      circle:
        'Import circle among {{circle}}. In a circle a module can run before what it imports is set; move what both sides need into a module of its own.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const base = context.cwd;
    // A module not on disk (an editor's unsaved buffer, `lintText`) cannot be imported by any module on disk.
    if (!FOLDERS.some((folder) => file.startsWith(join(base, folder) + '/')) || !existsSync(file)) return {};
    return {
      Program() {
        const graph = graphFor(base);
        if (!graph.known.has(file)) {
          graph.known.add(file);
          graph.imports.set(file, new Map());
        }
        const imports = importsOf(file, context.sourceCode.text, graph.known);
        if (!sameImports(imports, graph.imports.get(file))) {
          graph.imports.set(file, imports);
          graph.circles = circlesOf(graph.imports);
        }
        const circle = graph.circles.find((members) => members.includes(file));
        if (!circle) return;
        const names = circle.map((member) => relative(base, member)).join(', ');
        for (const [target, pos] of imports) {
          if (!circle.includes(target)) continue;
          context.report({ loc: context.sourceCode.getLocFromIndex(pos), messageId: 'circle', data: { circle: names } });
        }
      },
    };
  },
};
