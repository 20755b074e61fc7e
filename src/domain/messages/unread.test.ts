// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatReadAt, markChatRead, subscribeChatRead } from './chat-read';
import { newestShown, unreadCount, unreadShown, unreadSpoken } from './unread';

const ME = { id: 'me', created_at: '2024-11-10T08:00:00.000Z' };
const msg = (villager_id: string, created_at: string, pending?: true) => ({ villager_id, created_at, ...(pending ? { pending } : {}) });

afterEach(() => localStorage.clear());

describe('unread messages', () => {
  it("counts others' messages after the chat was last shown here, never my own nor those waiting to be sent", () => {
    const messages = [
      msg('other', '2024-11-10T09:00:00.000Z'),
      msg('me', '2024-11-10T09:01:00.000Z'),
      msg('other', '2024-11-10T09:02:00.000Z'),
      msg('me', '2024-11-10T09:03:00.000Z', true),
      msg('third', '2024-11-10T09:04:00.000Z'),
    ];
    expect(unreadCount(messages, ME, '2024-11-10T09:00:00.000Z')).toBe(2);
    expect(unreadCount(messages, ME, '2024-11-10T09:04:00.000Z')).toBe(0);
    // Compared as instants: an offset does not fool it.
    expect(unreadCount(messages, ME, '2024-11-10T10:02:00+01:00')).toBe(1);
  });

  it('counts from the join when this device never showed the chat: what was said before is not news', () => {
    const messages = [msg('other', '2024-11-10T07:00:00.000Z'), msg('other', '2024-11-10T08:30:00.000Z')];
    expect(unreadCount(messages, ME, null)).toBe(1);
  });

  it('shows a count up to nine, "9+" beyond, and says it in French', () => {
    expect([unreadShown(3), unreadShown(9), unreadShown(10)]).toEqual(['3', '9', '9+']);
    expect([unreadSpoken(1), unreadSpoken(3), unreadSpoken(12)]).toEqual([
      ', 1 message non lu',
      ', 3 messages non lus',
      ', plus de 9 messages non lus',
    ]);
  });

  it('records the newest message shown from the server, not one still waiting (its time is the device clock)', () => {
    expect(
      newestShown([
        msg('a', '2024-11-10T09:00:00.000Z'),
        msg('b', '2024-11-10T09:05:00.000Z'),
        msg('me', '2024-11-10T10:00:00.000Z', true),
      ]),
    ).toBe('2024-11-10T09:05:00.000Z');
    expect(newestShown([msg('me', '2024-11-10T10:00:00.000Z', true)])).toBeNull();
  });
});

describe('the chat read on this device', () => {
  it('is kept per villager, only moves forward, and tells its listeners', () => {
    const listener = vi.fn();
    const stop = subscribeChatRead(listener);
    expect(chatReadAt('v1')).toBeNull();
    markChatRead('v1', '2024-11-10T09:05:00.000Z');
    markChatRead('v1', '2024-11-10T09:00:00.000Z');
    expect(chatReadAt('v1')).toBe('2024-11-10T09:05:00.000Z');
    expect(chatReadAt('v2')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    markChatRead('v1', '2024-11-10T09:06:00.000Z');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
