/**
 * Puts the non-breaking spaces of French typography into the files named (`npx tsx tests/lint/fix-french-spaces.ts
 * $(git ls-files 'src/*.tsx')`): what tests/lint/french-spaces.test.ts asks for, written once where the text is made.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { applyFixes, frenchSpaceFixes } from './french-spaces';

for (const file of process.argv.slice(2)) {
  const source = readFileSync(file, 'utf8');
  const fixes = frenchSpaceFixes(file, source);
  if (fixes.length === 0) continue;
  writeFileSync(file, applyFixes(source, fixes));
  console.log(`${file}: ${fixes.length}`);
}
