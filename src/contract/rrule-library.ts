import * as rruleModule from 'rrule';

/**
 * The RRULE library (rrule 2.8, jakubroztocil/rrule: RFC 5545 rules, no dependency, in wide use) as both
 * module systems see it: bundlers read its ES build, where `RRule` is a named export; Node reads its UMD
 * build, whose names sit on the default export.
 */
type RRuleModule = typeof rruleModule;
const library: RRuleModule =
  'RRule' in rruleModule && rruleModule.RRule ? rruleModule : (rruleModule as unknown as { default: RRuleModule }).default;

export const { RRule } = library;
export type RRule = rruleModule.RRule;
