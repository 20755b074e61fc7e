// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineStatus } from '../../pwa/online-status';
import { asRead } from '../../testing/as-read';
import { answerFetch } from '../../testing/answer-fetch';
import { downloadMyData, MY_DATA_FILE } from '../../domain/users/export-calls';
import { DOWNLOADED_TEXT, DownloadFile, OFFLINE_DOWNLOAD_TEXT, PREPARING_TEXT } from './download-file';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  onlineStatus.set(true);
});

const showMyData = () => render(<DownloadFile label="Télécharger mes données" fileName={MY_DATA_FILE} download={downloadMyData} />);
const press = () => fireEvent.click(screen.getByRole('button', { name: 'Télécharger mes données' }));

describe('the download of my data', () => {
  it('says offline that it needs the network, and asks nothing', async () => {
    const { fetchMock, requests } = answerFetch();
    vi.stubGlobal('fetch', fetchMock);
    onlineStatus.set(false);
    showMyData();
    press();
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_DOWNLOAD_TEXT);
    expect(requests).toEqual([]);
  });

  it('says it prepares the file, then saves the ZIP the server answers through an object URL', async () => {
    let answer!: (res: Response) => void;
    const requests: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      requests.push(String(input));
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    const createObjectURL = vi.fn((blob: Blob) => (blob.size ? 'blob:zip' : 'blob:empty'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    showMyData();
    press();
    expect(screen.getByRole('status').textContent).toBe(PREPARING_TEXT);
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(requests[0]).toMatch(/\/v1\/users\/me\/export$/));
    answer(new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200, headers: { 'Content-Type': 'application/zip' } }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(DOWNLOADED_TEXT));
    expect(clicked).toEqual([{ href: 'blob:zip', download: 'mes-donnees-village.zip' }]);
  });

  it('tells the server’s French refusal', async () => {
    // A GET is tried twice on a 429 (src/api/transport.ts): both are refused.
    const refusal = { status: 429, body: { message: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.', http_code: 429 } };
    const { fetchMock } = answerFetch(refusal, refusal);
    vi.stubGlobal('fetch', fetchMock);
    showMyData();
    press();
    await screen.findByText(asRead('Trop de tentatives. Veuillez réessayer dans quelques minutes.'));
  });
});
