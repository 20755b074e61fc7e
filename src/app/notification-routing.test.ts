import { describe, expect, it } from 'vitest';
import type { PushPayload } from '../contract/push';
import { appUrl, readPushPayload, staysSilent, windowToOpen } from './notification-routing';

const ORIGIN = 'https://village.example';
const CHAT = '/dashboard/villages/v1/chat';
const message: PushPayload = { kind: 'message', title: 'Claire', body: 'Bonjour', url: CHAT, tag: 'chat-v1', village_id: 'v1' };
const win = (path: string, focused = false, visibilityState = 'visible') => ({ url: `${ORIGIN}${path}`, focused, visibilityState });

describe('the push payload', () => {
  it('is read when it follows the contract, ignored otherwise', () => {
    expect(readPushPayload(message)).toEqual(message);
    expect(readPushPayload({ ...message, kind: 'spam' })).toBeNull();
    expect(readPushPayload({ ...message, url: 'https://elsewhere.example/' })).toBeNull();
    expect(readPushPayload(null)).toBeNull();
  });
});

describe('staying silent', () => {
  it('for a message of the chat the user is looking at', () => {
    expect(staysSilent(message, [win('/account'), win(CHAT, true)], ORIGIN)).toBe(true);
  });

  it('not when that chat is in the background, hidden, or another page', () => {
    expect(staysSilent(message, [win(CHAT, false)], ORIGIN)).toBe(false);
    expect(staysSilent(message, [win(CHAT, true, 'hidden')], ORIGIN)).toBe(false);
    expect(staysSilent(message, [win('/dashboard/villages/v2/chat', true)], ORIGIN)).toBe(false);
    expect(staysSilent(message, [{ url: `https://elsewhere.example${CHAT}`, focused: true, visibilityState: 'visible' }], ORIGIN)).toBe(
      false,
    );
  });

  it('never for other kinds, even on their page', () => {
    expect(staysSilent({ ...message, kind: 'need_added' }, [win(CHAT, true)], ORIGIN)).toBe(false);
  });
});

describe('opening on a click', () => {
  it('goes to app paths only', () => {
    expect(appUrl('/dashboard/villages/v1/needs?x=1', ORIGIN)).toBe(`${ORIGIN}/dashboard/villages/v1/needs?x=1`);
    expect(appUrl('//elsewhere.example/x', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(appUrl('https://elsewhere.example/', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(appUrl(undefined, ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it('brings forward the focused window, else a visible one, else any of the app', () => {
    const a = win('/a', false, 'hidden');
    const b = win('/b', false, 'visible');
    const c = win('/c', true);
    expect(windowToOpen([a, b, c], ORIGIN)).toBe(c);
    expect(windowToOpen([a, b], ORIGIN)).toBe(b);
    expect(windowToOpen([a], ORIGIN)).toBe(a);
    expect(windowToOpen([{ url: 'https://elsewhere.example/', focused: true, visibilityState: 'visible' }], ORIGIN)).toBeNull();
  });
});
