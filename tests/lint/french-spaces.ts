import ts from 'typescript';

/**
 * French typography puts a non-breaking space before « : ; ! ? » and inside « guillemets », so that a colon
 * or a question mark never starts a line on a phone. Only what people read is looked at: string literals,
 * template text and JSX text; code (a ternary's ` ? : `) and comments are left alone. The space is written
 * as an escape, `\u00a0` in strings and `&nbsp;` in JSX, where a reader sees it (eslint's
 * no-irregular-whitespace refuses the bare character).
 */
// After a word, a number, a closing mark, an opening quote, or an interpolation (`${name} !`, JSX text after `{code}`).
const BEFORE_PUNCTUATION = /(^|[\p{L}\p{N}»)’'"`.…%*}]) ([:;!?])(?=[\s"'`<{]|$)/gu;
const AFTER_OPENING = /« /g;
const BEFORE_CLOSING = / »/g;
const BARE = /\u00a0/g;

const TEXT_KINDS = new Set([
  ts.SyntaxKind.JsxText,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);

/** `raw` (a literal as written in the source) with its spaces, each written as `space`. */
export const withFrenchSpaces = (raw: string, space = '\\u00a0') =>
  raw
    .replace(BARE, space)
    .replace(BEFORE_PUNCTUATION, `$1${space}$2`)
    .replace(AFTER_OPENING, `«${space}`)
    .replace(BEFORE_CLOSING, `${space}»`);

export type SpaceFix = { start: number; end: number; line: number; text: string };

/** JSX text and JSX attributes take HTML entities and no escapes; the rest of the code, escapes. */
const spaceFor = (node: ts.Node) => (node.kind === ts.SyntaxKind.JsxText || ts.isJsxAttribute(node.parent) ? '&nbsp;' : '\\u00a0');

/** Each piece of text in `source` that lacks its non-breaking spaces (or holds a bare one), with the text it should read. */
export function frenchSpaceFixes(file: string, source: string): SpaceFix[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const fixes: SpaceFix[] = [];
  const visit = (node: ts.Node): void => {
    if (!TEXT_KINDS.has(node.kind)) return ts.forEachChild(node, visit);
    if (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent)) return;
    // JSX text has no trivia: its leading spaces are text (getStart would skip them).
    const start = node.kind === ts.SyntaxKind.JsxText ? node.pos : node.getStart(tree);
    const end = node.getEnd();
    const text = withFrenchSpaces(source.slice(start, end), spaceFor(node));
    if (text !== source.slice(start, end)) fixes.push({ start, end, line: tree.getLineAndCharacterOfPosition(start).line + 1, text });
  };
  visit(tree);
  return fixes;
}

/** `source` with every fix applied (tests/lint/fix-french-spaces.ts writes it back). */
export const applyFixes = (source: string, fixes: SpaceFix[]) =>
  [...fixes].sort((a, b) => b.start - a.start).reduce((out, fix) => out.slice(0, fix.start) + fix.text + out.slice(fix.end), source);
