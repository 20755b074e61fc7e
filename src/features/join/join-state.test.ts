import { describe, expect, it } from 'vitest';
import { BAD_LINK_TEXT, initialJoinState, joinReducer, normaliseShareCode, type JoinEvent, type JoinState } from './join-state';

const run = (events: JoinEvent[], from: JoinState = initialJoinState()) => events.reduce(joinReducer, from);

describe('the join flow', () => {
  it('joins: idle → joining → joined', () => {
    const joining = run([{ type: 'submit', code: 'ABCD2345' }]);
    expect(joining).toEqual({ status: 'joining', code: 'ABCD2345' });
    expect(joinReducer(joining, { type: 'joined', villageId: 'v1' })).toEqual({ status: 'joined', villageId: 'v1' });
  });

  it("keeps the server's message when refused, and lets another code be tried", () => {
    const refused = run([
      { type: 'submit', code: 'ABCD2345' },
      { type: 'refused', message: 'Aucun village ne correspond à ce code.' },
    ]);
    expect(refused).toEqual({ status: 'refused', code: 'ABCD2345', message: 'Aucun village ne correspond à ce code.' });
    expect(joinReducer(refused, { type: 'submit', code: 'WXYZ6789' })).toEqual({ status: 'joining', code: 'WXYZ6789' });
  });

  it('waits offline with the code, then ends joined or refused when the kept join settles', () => {
    const waiting = run([{ type: 'submit', code: 'ABCD2345' }, { type: 'offline' }]);
    expect(waiting).toEqual({ status: 'offline-waiting', code: 'ABCD2345' });
    expect(joinReducer(waiting, { type: 'joined', villageId: 'v1' })).toEqual({ status: 'joined', villageId: 'v1' });
    expect(joinReducer(waiting, { type: 'refused', message: 'Non.' })).toEqual({ status: 'refused', code: 'ABCD2345', message: 'Non.' });
    // Another code can be typed instead of waiting.
    expect(joinReducer(waiting, { type: 'submit', code: 'WXYZ6789' })).toEqual({ status: 'joining', code: 'WXYZ6789' });
  });

  it('ignores what makes no sense in the current state', () => {
    const idle = initialJoinState();
    expect(joinReducer(idle, { type: 'joined', villageId: 'v1' })).toBe(idle);
    expect(joinReducer(idle, { type: 'refused', message: 'x' })).toBe(idle);
    expect(joinReducer(idle, { type: 'offline' })).toBe(idle);
    const joining = run([{ type: 'submit', code: 'ABCD2345' }]);
    // A second submit while the first is under way does not send the code twice.
    expect(joinReducer(joining, { type: 'submit', code: 'ABCD2345' })).toBe(joining);
    expect(joinReducer(joining, { type: 'reset' })).toBe(joining);
    const joined = joinReducer(joining, { type: 'joined', villageId: 'v1' });
    expect(joinReducer(joined, { type: 'offline' })).toBe(joined);
    expect(joinReducer(joined, { type: 'submit', code: 'WXYZ6789' })).toBe(joined);
  });

  it('resets to the form, with a notice for a bad link', () => {
    const waiting = run([{ type: 'submit', code: 'ABCD2345' }, { type: 'offline' }]);
    expect(joinReducer(waiting, { type: 'reset' })).toEqual({ status: 'idle' });
    expect(initialJoinState(BAD_LINK_TEXT)).toEqual({ status: 'idle', notice: BAD_LINK_TEXT });
  });
});

describe('a share code as typed or linked', () => {
  it('drops spaces and dashes and goes upper case', () => {
    expect(normaliseShareCode(' abcd 2345 ')).toBe('ABCD2345');
    expect(normaliseShareCode('ABCD-2345')).toBe('ABCD2345');
  });

  it('reads back a code the search parser turned into a number', () => {
    expect(normaliseShareCode(23456789)).toBe('23456789');
  });

  it('refuses what cannot be a code', () => {
    for (const bad of ['', 'AB', 'ABC$2345', 'x'.repeat(33), undefined, null, {}]) expect(normaliseShareCode(bad)).toBeNull();
  });
});
