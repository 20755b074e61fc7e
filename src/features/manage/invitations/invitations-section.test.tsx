// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../db/database';
import type { Invitation } from '../../../contract/invitations';
import { answerFetch } from '../../../testing/answer-fetch';
import { buildVillage, ID, type Member } from '../../../testing/nina-village';
import { renderScreen } from '../../../testing/render-screen';
import { provideAppMutationKinds } from '../../../testing/mutation-kinds';
import { InvitationsSection } from './invitations-section';
import { PendingInvitations } from './pending-invitations';

await provideAppMutationKinds();

vi.mock('../../../outbox/page-replayer', () => ({ requestReplay: vi.fn(async () => 'sync-registered') }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const invitation = (
  email: string,
  lastSentAt: string,
  id = `0190b000-0000-7000-8000-${String(email.length).padStart(12, '0')}`,
): Invitation => ({
  id,
  village_id: ID.village,
  email,
  message: null,
  inviter_id: ID.claire,
  created_at: lastSentAt,
  last_sent_at: lastSentAt,
});

/** The requests the last `show` answered. */
let requests: { url: string }[] = [];

async function show(as: Member, list: Invitation[] | 'offline', now?: () => number) {
  await buildVillage(as);
  if (list === 'offline')
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
  else {
    const answered = answerFetch({ status: 200, body: { data: list } });
    requests = answered.requests;
    vi.stubGlobal('fetch', answered.fetchMock);
  }
  const me = (await db.villagers.get(ID[as]))!;
  return renderScreen(() =>
    now ? (
      <PendingInvitations villageId={ID.village} villagerId={me.id} now={now} />
    ) : (
      <InvitationsSection villageId={ID.village} me={me} />
    ),
  );
}

describe('inviting by mail from the members screen', () => {
  it('checks each address, names the wrong one, and queues the invitations with the optional word', async () => {
    await show('claire', []);
    await screen.findByText('Aucune invitation en attente.');
    const field = screen.getByLabelText(/^Adresses e-mail/);
    fireEvent.change(field, { target: { value: 'marc@exemple.fr, marc.exemple.fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer les invitations' }));
    expect(await screen.findByText('Cette adresse n’est pas valide : marc.exemple.fr')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(await db.outbox.count()).toBe(0);

    fireEvent.change(field, { target: { value: 'Marc@exemple.fr\nlea@exemple.fr' } });
    fireEvent.change(screen.getByLabelText(/^Un mot pour accompagner/), { target: { value: '  Venez nous aider\u00a0!  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer les invitations' }));
    expect(await screen.findByText('2 invitations enregistrées : elles partent dès que possible.')).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'create-invitations',
      villageId: ID.village,
      payload: {
        village_id: ID.village,
        input: { inviter_id: ID.claire, emails: ['marc@exemple.fr', 'lea@exemple.fr'], message: 'Venez nous aider\u00a0!' },
      },
    });
    expect((field as HTMLTextAreaElement).value).toBe('');
    // Typed, not sent yet: shown as waiting in the list.
    const list = screen.getByRole('region', { name: 'Invitations en attente' });
    await waitFor(() => expect(within(list).getAllByText('En attente d’envoi')).toHaveLength(2));
    expect(within(list).getByText('marc@exemple.fr')).toBeTruthy();
  });

  it('lists the pending ones with when they were sent; withdrawing says what happens first', async () => {
    await show('claire', [invitation('paul@exemple.fr', '2026-11-24T09:05:00Z')]);
    const list = screen.getByRole('region', { name: 'Invitations en attente' });
    expect(await within(list).findByText('paul@exemple.fr')).toBeTruthy();
    expect(within(list).getByText(/^Envoyée le 24 novembre à \d+ h 05$/)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Retirer l’invitation à paul@exemple.fr' }));
    const dialog = screen.getByRole('dialog', { hidden: true, name: 'Retirer l’invitation à paul@exemple.fr\u00a0?' });
    expect(within(dialog).getByText(/ne dira plus qui invite/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { hidden: true, name: 'Retirer l’invitation' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await db.outbox.toArray())[0]).toMatchObject({
      kind: 'withdraw-invitation',
      payload: { invitation_id: invitation('paul@exemple.fr', '').id, villager_id: ID.claire },
    });
    await waitFor(() => expect(within(list).queryByText('paul@exemple.fr')).toBeNull());
  });

  it('says who joined and when apart from the pending ones, asking the server for the accepted ones too', async () => {
    const year = new Date().getFullYear();
    const joined = { ...invitation('marc@exemple.fr', `${year}-11-20T09:00:00Z`), accepted_at: `${year}-11-28T10:00:00Z` };
    await show('claire', [invitation('paul@exemple.fr', `${year}-11-24T09:05:00Z`), joined]);
    const accepted = await screen.findByRole('region', { name: 'Invitations acceptées' });
    expect(within(accepted).getByText('marc@exemple.fr')).toBeTruthy();
    expect(within(accepted).getByText('A rejoint le village le 28 novembre')).toBeTruthy();
    expect(within(accepted).queryByRole('button')).toBeNull();
    const pending = screen.getByRole('region', { name: 'Invitations en attente' });
    expect(within(pending).getByText('paul@exemple.fr')).toBeTruthy();
    expect(within(pending).queryByText('marc@exemple.fr')).toBeNull();
    expect(requests[0].url).toMatch(/\/invitations\?include=accepted$/);
  });

  it('shows no accepted part while nobody has joined', async () => {
    await show('claire', [invitation('paul@exemple.fr', '2026-11-24T09:05:00Z')]);
    await screen.findByText('paul@exemple.fr');
    expect(screen.queryByRole('region', { name: 'Invitations acceptées' })).toBeNull();
  });

  it('sends again only after an hour, saying so in French before', async () => {
    const sent = Date.parse('2026-11-24T09:00:00Z');
    let now = sent + 20 * 60_000;
    await show('claire', [invitation('rose@exemple.fr', new Date(sent).toISOString())], () => now);
    const resend = await screen.findByRole('button', { name: 'Renvoyer l’invitation à rose@exemple.fr' });
    fireEvent.click(resend);
    expect(await screen.findByText('Cette invitation vient d’être envoyée : vous pourrez la renvoyer dans une heure.')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    now = sent + 61 * 60_000;
    fireEvent.click(resend);
    expect(await screen.findByText('L’invitation à rose@exemple.fr va être envoyée à nouveau.')).toBeTruthy();
    expect((await db.outbox.toArray()).map((e) => e.kind)).toEqual(['resend-invitation']);
    expect(await screen.findByText('Nouvel envoi en attente')).toBeTruthy();
  });

  it('says it is offline when the list cannot be read', async () => {
    await show('claire', 'offline');
    expect(await screen.findByText('Hors connexion : la liste des invitations s’affichera au retour du réseau.')).toBeTruthy();
    // The form still works: the outbox keeps what is typed.
    expect(screen.getByRole('button', { name: 'Envoyer les invitations' })).toBeTruthy();
  });
});
