import { DEEP, deepArrayText, deepObjectText } from './hostile-values';

/**
 * Bodies as values with a few changed fields. A field nested 10,000 deep cannot go through JSON.stringify
 * (it recurses), so it is a marker string in the value, replaced by its text when the body is written.
 */
export const DEEP_ARRAY = '\u0001fuzz:deep-array\u0001';
export const DEEP_OBJECT = '\u0001fuzz:deep-object\u0001';

export function deepValueText(marker: string): string {
  return marker === DEEP_ARRAY ? deepArrayText(DEEP) : deepObjectText(DEEP);
}

/** The body's JSON text, markers replaced by the deep values they stand for. */
export function jsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  return text.replaceAll(JSON.stringify(DEEP_ARRAY), deepArrayText(DEEP)).replaceAll(JSON.stringify(DEEP_OBJECT), deepObjectText(DEEP));
}

export type Path = (string | number)[];

/** A copy of `value` with `path` set to `to`, the objects on the way created when missing. */
export function setAt(value: unknown, path: Path, to: unknown): unknown {
  if (path.length === 0) return to;
  const [head, ...rest] = path;
  const container = (Array.isArray(value) ? [...value] : value && typeof value === 'object' ? { ...value } : {}) as Record<
    string | number,
    unknown
  >;
  container[head] = setAt(container[head], rest, to);
  return container;
}

/** A copy of `value` without `path`. */
export function removeAt(value: unknown, path: Path): unknown {
  if (!value || typeof value !== 'object' || path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return rest.length ? value.map((v, i) => (i === head ? removeAt(v, rest) : v)) : value.filter((_, i) => i !== head);
  const copy: Record<string, unknown> = { ...value };
  if (rest.length) copy[head] = removeAt(copy[head], rest);
  else delete copy[head];
  return copy;
}

/**
 * The fields to change one at a time: every key of the valid body and of the objects in it (the first item
 * of an array standing for all), three levels down, and the schema's top-level fields the body leaves out.
 */
export function fieldPaths(example: Record<string, unknown>, schemaFields: string[]): Path[] {
  const paths: Path[] = [];
  const walk = (value: unknown, at: Path) => {
    if (at.length > 3) return;
    if (Array.isArray(value)) {
      if (value.length && typeof value[0] === 'object') walk(value[0], [...at, 0]);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      paths.push([...at, key]);
      walk(inner, [...at, key]);
    }
  };
  walk(example, []);
  for (const field of schemaFields) if (!(field in example)) paths.push([field]);
  return paths;
}
