import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFixes, frenchSpaceFixes } from './french-spaces';

const root = join(import.meta.dirname, '..', '..');

/** Where the words people read are written: the app, the wire's messages, the server's mails, pushes and errors. */
const FOLDERS = ['src', 'server', 'sw'];

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.includes('node_modules');

const sources = (folder: string) =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter(isSource)
    .map((file) => join(folder, file));

describe('French text keeps its non-breaking spaces (npx tsx tests/lint/fix-french-spaces.ts <files> puts them in)', () => {
  it('finds no text in the app or the server with a plain space before « : ; ! ? » or inside guillemets, nor a bare one', () => {
    const files = FOLDERS.flatMap(sources);
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) =>
      frenchSpaceFixes(file, readFileSync(join(root, file), 'utf8')).map((fix) => `${file}:${fix.line}: ${fix.text}`),
    );
    expect(found).toEqual([]);
  });

  it.each([
    ['<p>Code du village : {code}</p>', '<p>Code du village&nbsp;: {code}</p>'],
    ['<span className="visually-hidden"> : {name}</span>', '<span className="visually-hidden">&nbsp;: {name}</span>'],
    ['<Dialog title="Quitter ce village ?" />', '<Dialog title="Quitter ce village&nbsp;?" />'],
    ["const title = 'Quitter ce village ?';", "const title = 'Quitter ce village\\u00a0?';"],
    ['const t = `Bienvenue ${name} !`;', 'const t = `Bienvenue ${name}\\u00a0!`;'],
    ["const q = 'Cliquez sur « Publier »';", "const q = 'Cliquez sur «\\u00a0Publier\\u00a0»';"],
    ["const bare = 'Adresse\u00a0: ici';", "const bare = 'Adresse\\u00a0: ici';"],
  ])('puts the spaces into %s', (code, fixed) => {
    expect(applyFixes(code, frenchSpaceFixes('x.tsx', code))).toBe(fixed);
  });

  it('leaves code, comments, times and addresses alone', () => {
    const code = [
      '// Une note : rien à voir',
      'const label = ready ? name : other;',
      "const at = '19:30';",
      "const url = 'https://exemple.fr/join?c=ABC';",
      "const done = 'Prochain créneau\\u00a0: lundi';",
    ].join('\n');
    expect(frenchSpaceFixes('x.ts', code)).toEqual([]);
  });
});
