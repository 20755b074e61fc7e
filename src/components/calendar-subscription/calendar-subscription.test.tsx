// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineStatus } from '../../pwa/online-status';
import { CalendarSubscription, OFFLINE_CALENDAR_TEXT } from './calendar-subscription';
import { answerFetch } from '../../testing/answer-fetch';

const FEED = 'https://village.example/v1/calendar/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG.ics';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineStatus.set(true);
});

const add = () => fireEvent.click(screen.getByRole('button', { name: 'Ajouter à mon agenda' }));

describe('the calendar subscription', () => {
  it('makes my address and offers to copy it, open it and add it to Google', async () => {
    const { fetchMock, requests } = answerFetch({ status: 201, body: { data: { url: FEED } } });
    vi.stubGlobal('fetch', fetchMock);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<CalendarSubscription scope={{ kind: 'user' }} />);
    add();
    const address = (await screen.findByLabelText("Adresse de l'agenda")) as HTMLInputElement;
    expect(address.value).toBe(FEED);
    expect(requests[0]).toMatchObject({ method: 'POST' });
    expect(requests[0].url).toMatch(/\/v1\/users\/me\/calendar$/);

    expect(screen.getByRole('link', { name: 'Ouvrir dans mon agenda' }).getAttribute('href')).toBe(
      'webcal://village.example/v1/calendar/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG.ics',
    );
    expect(screen.getByRole('link', { name: /Ajouter à Google Agenda/ }).getAttribute('href')).toBe(
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent('webcal://village.example/v1/calendar/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG.ics')}`,
    );
    expect(screen.getByText(/Abonnement à un calendrier réseau/i)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: "Copier l'adresse" }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Adresse copiée.'));
    expect(writeText).toHaveBeenCalledWith(FEED);
  });

  it('revokes a village address after confirmation', async () => {
    const { fetchMock, requests } = answerFetch({ status: 201, body: { data: { url: FEED } } }, { status: 204 });
    vi.stubGlobal('fetch', fetchMock);
    render(<CalendarSubscription scope={{ kind: 'village', villageId: 'v1' }} />);
    add();
    fireEvent.click(await screen.findByRole('button', { name: 'Révoquer cette adresse' }));
    fireEvent.click(screen.getByRole('button', { name: 'Révoquer', hidden: true }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/a été révoquée/));
    expect(screen.queryByLabelText("Adresse de l'agenda")).toBeNull();
    expect(requests.map((r) => [r.method, new URL(r.url).pathname])).toEqual([
      ['POST', '/v1/villages/v1/calendar'],
      ['DELETE', '/v1/villages/v1/calendar'],
    ]);
  });

  it('says in plain French that an address needs a connection', async () => {
    const { fetchMock, requests } = answerFetch();
    vi.stubGlobal('fetch', fetchMock);
    onlineStatus.set(false);
    render(<CalendarSubscription scope={{ kind: 'user' }} />);
    add();
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_CALENDAR_TEXT);
    expect(requests).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    const refusal = "Vous n'avez pas accès à ce village.";
    vi.stubGlobal('fetch', answerFetch({ status: 403, body: { message: refusal, http_code: 403 } }).fetchMock);
    render(<CalendarSubscription scope={{ kind: 'village', villageId: 'v1' }} />);
    add();
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
  });
});
