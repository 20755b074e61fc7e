import * as rruleModule from 'rrule';

/**
 * The RRULE library (rrule 2.8, jakubroztocil/rrule: RFC 5545 rules, no dependency, in wide use) as both
 * module systems see it: bundlers read its ES build, where `RRule` is a named export; Node reads its UMD
 * build, whose names sit on the default export. The namespace is read as a plain object: `rruleModule.default`
 * written out makes Rolldown (vite build) warn that the ES build has no default export, true and harmless,
 * since the ES build never takes that branch.
 */
type RRuleModule = typeof rruleModule;
const namespace: Partial<Record<string, unknown>> = rruleModule;
const library = (namespace.RRule ? namespace : namespace.default) as RRuleModule;

export const { RRule } = library;
export type RRule = rruleModule.RRule;
