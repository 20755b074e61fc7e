// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database';
import { enqueue } from '../../outbox/enqueue';
import { QuotaExceeded } from '../../outbox/quota';
import { buildVillage, ID } from '../../testing/nina-village';
import { ChatPage } from './chat-page';
import { storeMessages } from '../../domain/messages/store-messages';
import { ChatUnreadBadge } from '../village-nav/unread-badge';
import { useUnreadCount } from '../../domain/messages/use-unread';
import { unreadSpoken } from '../../domain/messages/unread';
import { chatReadAt } from '../../domain/messages/chat-read';
import { TOKEN_KEY } from '../../session/token';
import { renderScreen } from '../../testing/render-screen';
import { provideAppMutationKinds } from '../../testing/mutation-kinds';

await provideAppMutationKinds();

vi.mock('../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));
vi.mock('../../outbox/enqueue', async (original) => {
  const actual = await original<typeof import('../../outbox/enqueue')>();
  return { enqueue: vi.fn(actual.enqueue) };
});

beforeEach(() => {
  // The server is out of reach: the screen shows what the device holds.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('offline'))),
  );
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const at = (daysAgo: number, hour: number) =>
  DateTime.now().setZone('Europe/Paris').startOf('day').minus({ days: daysAgo }).set({ hour }).toUTC().toISO()!;

const message = (id: string, villager: string, body: string, created_at: string) => ({
  id,
  village_id: ID.village,
  villager_id: villager,
  body,
  created_at,
  first_name: null,
});

const field = () => screen.getByLabelText('Votre message') as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
const press = (key: string, options: { shiftKey?: boolean } = {}) => fireEvent.keyDown(field(), { key, ...options });

describe('the chat', () => {
  it('shows the conversation by day with names and times, my messages marked as mine, markup as text', async () => {
    await buildVillage('hugo');
    await db.messages.bulkPut([
      message('0190a000-0000-7000-8000-00000000b001', ID.claire, 'Bonjour à tous', at(1, 9)),
      message('0190a000-0000-7000-8000-00000000b002', ID.hugo, '<b>Je passe</b> demain', at(1, 10)),
      message('0190a000-0000-7000-8000-00000000b003', ID.nina, 'Merci\u00a0!', at(0, 8)),
    ]);
    await renderScreen(() => <ChatPage villageId={ID.village} />);
    const yesterday = await screen.findByRole('region', { name: 'Hier' });
    const today = screen.getByRole('region', { name: "Aujourd'hui" });
    expect(yesterday.compareDocumentPosition(today) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const [first, mine] = within(yesterday).getAllByRole('listitem');
    // The members (their names, and who "I" am) are read from the store beside the messages: they may
    // arrive a render later.
    await waitFor(() => expect(first.textContent).toContain('Claire'));
    expect(first.textContent).toContain('9\u00a0h');
    await waitFor(() => expect(mine.className).toContain('chat-message-mine'));
    expect(mine.textContent).toContain('Vous');
    expect(mine.querySelector('b')).toBeNull();
    expect(within(mine).getByText('<b>Je passe</b> demain')).toBeTruthy();
    expect(within(today).getByText('Merci !')).toBeTruthy();
  });

  it('sends with Enter, goes to a new line with Shift+Enter, shows the message at once as waiting', async () => {
    await buildVillage('hugo');
    await renderScreen(() => <ChatPage villageId={ID.village} />);
    await screen.findByText(/Aucun message/);
    type('Première ligne');
    press('Enter', { shiftKey: true });
    expect(await db.outbox.count()).toBe(0);
    type('Première ligne\nseconde ligne');
    press('Enter');
    const item = await waitFor(() => {
      const found = document.querySelector('.chat-message');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(item.querySelector('.chat-message-body')!.textContent).toBe('Première ligne\nseconde ligne');
    expect(within(item).getByText("En attente d'envoi")).toBeTruthy();
    await waitFor(() => expect(field().value).toBe(''));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'send-message', villageId: ID.village, status: 'pending' });
    expect(entry.payload).toMatchObject({ village_id: ID.village, input: { villager_id: ID.hugo, body: 'Première ligne\nseconde ligne' } });
  });

  it('keeps the order of messages written in a row, in the outbox and on screen, and sends nothing blank', async () => {
    await buildVillage('nina');
    await renderScreen(() => <ChatPage villageId={ID.village} />);
    await screen.findByText(/Aucun message/);
    type('   ');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    for (const body of ['Un', 'Deux', 'Trois']) {
      type(body);
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
      await waitFor(() => expect(field().value).toBe(''));
    }
    await waitFor(() => expect(screen.getAllByText("En attente d'envoi")).toHaveLength(3));
    const bodies = [...document.querySelectorAll('.chat-message-body')].map((p) => p.textContent);
    expect(bodies).toEqual(['Un', 'Deux', 'Trois']);
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((e) => (e.payload as { input: { body: string } }).input.body)).toEqual(['Un', 'Deux', 'Trois']);
  });

  it('keeps waiting messages over a pull of the newest page, and the draft when the disk is full', async () => {
    await buildVillage('hugo');
    await renderScreen(() => <ChatPage villageId={ID.village} />);
    await screen.findByText(/Aucun message/);
    type('Pas encore envoyé');
    press('Enter');
    await screen.findByText("En attente d'envoi");
    await act(() =>
      storeMessages(db, ID.village, [message('0190a000-0000-7000-8000-00000000b004', ID.claire, 'Du serveur', at(0, 7))], { newest: true }),
    );
    expect(await screen.findByText('Du serveur')).toBeTruthy();
    expect(screen.getByText('Pas encore envoyé')).toBeTruthy();
    expect(screen.getByText("En attente d'envoi")).toBeTruthy();

    vi.mocked(enqueue).mockRejectedValueOnce(new QuotaExceeded());
    type('Brouillon précieux');
    press('Enter');
    expect((await screen.findByRole('alert')).textContent).toContain("L'espace de stockage de cet appareil est plein");
    expect(field().value).toBe('Brouillon précieux');
  });
});

describe('older messages', () => {
  const page = (from: number, to: number, daysAgo: number) =>
    Array.from({ length: from - to + 1 }, (_, i) => {
      const n = from - i;
      return message(`0190a000-0000-7000-8000-0000000c${String(n).padStart(4, '0')}`, ID.claire, `Message ${n}`, at(daysAgo, 8 + (n % 10)));
    });

  it('pulls the newest page when the screen opens, then older ones with `before`, stored on the device', async () => {
    await buildVillage('hugo');
    localStorage.setItem(TOKEN_KEY, 'tok');
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        asked.push(url.search);
        const before = url.searchParams.get('before');
        const body = before ? { data: page(3, 1, 2), has_more: false } : { data: page(6, 4, 1), has_more: true };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    await renderScreen(() => <ChatPage villageId={ID.village} />);
    await screen.findByText('Message 6');
    expect(screen.queryByText('Message 3')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Messages précédents' }));
    await screen.findByText('Message 1');
    expect(asked).toEqual(['?limit=30', `?limit=30&before=${page(4, 4, 1)[0].id}`]);
    const bodies = [...document.querySelectorAll('.chat-message-body')].map((p) => p.textContent);
    expect(bodies).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5', 'Message 6']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Messages précédents' })).toBeNull());
    expect(await db.messages.count()).toBe(6);
  });

  it('says a message the server refused was not sent, with its French message', async () => {
    await buildVillage('hugo');
    await renderScreen(() => <ChatPage villageId={ID.village} />);
    await screen.findByText(/Aucun message/);
    type('Refusé');
    press('Enter');
    await screen.findByText("En attente d'envoi");
    await act(async () => {
      const [entry] = await db.outbox.toArray();
      await db.outbox.update(entry.seq!, { status: 'failed', failure: { status: 403, message: "Vous n'avez pas accès à ce village." } });
    });
    expect((await screen.findByText(/Non envoyé/)).textContent).toBe("Non envoyé\u00a0: Vous n'avez pas accès à ce village.");
    expect(screen.queryByText("En attente d'envoi")).toBeNull();
  });

  it('with no pointer at all (a headless browser), Enter still sends, with no hint read out', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    await buildVillage('hugo');
    await renderScreen(() => <ChatPage villageId={ID.village} />);
    await screen.findByText(/Aucun message/);
    expect(field().getAttribute('aria-describedby')).toBeNull();
    type('Sans souris');
    press('Enter');
    await screen.findByText("En attente d'envoi");
  });

  it('on a touch screen, Enter goes to a new line and the button sends; the keyboard hint is not read out', async () => {
    // A phone: the main pointer is a finger; no hovering, no fine pointer.
    const touch = vi.fn((query: string) => ({
      matches: query === '(pointer: coarse)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', touch);
    await buildVillage('hugo');
    await renderScreen(() => <ChatPage villageId={ID.village} />);
    await screen.findByText(/Aucun message/);
    expect(touch).toHaveBeenCalledWith('(hover: hover) and (pointer: fine)');
    expect(field().getAttribute('aria-describedby')).toBeNull();
    type('Une ligne');
    press('Enter');
    await new Promise((r) => setTimeout(r, 50));
    expect(await db.outbox.count()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await screen.findByText("En attente d'envoi");
    expect(await db.outbox.count()).toBe(1);
  });
});

/** The tab's count as the village nav shows it: the number seen, the words heard. */
function ChatTab() {
  const count = useUnreadCount(ID.village);
  return (
    <p data-testid="chat-tab">
      <ChatUnreadBadge count={count} />
      {`Discussion${unreadSpoken(count)}`}
    </p>
  );
}

describe('the unread count on the "Discussion" tab', () => {
  it("counts others' messages since the chat was last shown on this device, and goes once it is shown", async () => {
    await buildVillage('hugo');
    const joined = (await db.villagers.get(ID.hugo))!.created_at;
    const after = (minutes: number) => new Date(Date.parse(joined) + minutes * 60_000).toISOString();
    await db.messages.bulkPut([
      message('0190a000-0000-7000-8000-00000000c001', ID.claire, 'Avant mon arrivée', new Date(Date.parse(joined) - 60_000).toISOString()),
      message('0190a000-0000-7000-8000-00000000c002', ID.claire, 'Bienvenue Hugo', after(1)),
      message('0190a000-0000-7000-8000-00000000c003', ID.hugo, 'Merci\u00a0!', after(2)),
      message('0190a000-0000-7000-8000-00000000c004', ID.nina, 'Rendez-vous jeudi', after(3)),
    ]);
    const { view } = await renderScreen(() => <ChatTab />);
    expect((await screen.findByTestId('chat-unread')).dataset.count).toBe('2');
    expect(screen.getByTestId('chat-tab').textContent).toBe('Discussion, 2 messages non lus');
    view.unmount();

    await renderScreen(() => (
      <>
        <ChatTab />
        <ChatPage villageId={ID.village} />
      </>
    ));
    await screen.findByText('Rendez-vous jeudi');
    await waitFor(() => expect(screen.queryByTestId('chat-unread')).toBeNull());
    expect(chatReadAt(ID.hugo)).toBe(after(3));
    // A new message from someone else, the chat shown: read at once. One of mine never counts.
    await act(() => db.messages.put(message('0190a000-0000-7000-8000-00000000c005', ID.claire, 'À jeudi', after(4))));
    await waitFor(() => expect(chatReadAt(ID.hugo)).toBe(after(4)));
    expect(screen.queryByTestId('chat-unread')).toBeNull();
  });
});
