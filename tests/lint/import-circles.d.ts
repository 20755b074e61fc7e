// Types of import-circles.js, a plain JavaScript module because eslint.config.js loads it as it is.
import type { Rule } from 'eslint';

export const FOLDERS: string[];
/** The import circles among the modules of `base`'s folders, each as its paths from `base`, sorted. */
export function importCircles(base: string, folders?: string[]): string[][];
export const noImportCircles: Rule.RuleModule;
