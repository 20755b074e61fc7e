/**
 * The village chat in a real Chromium against the real server: a message written with the server gone
 * shows at once as waiting, reaches the server exactly once when it is back, and another member sees it.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';

const app = await startApp();
const alice = await openBrowser();
const bruno = await openBrowser();
const PASSWORD = 'motdepasse-solide-1';

/** Opens a village's chat online, once the worker controls the page so the shell survives the server's absence. */
async function openChat(context: BrowserContext, token: string, villageId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${app.base}/auth/login`);
  await page.evaluate((t) => localStorage.setItem('ga-token', t), token);
  await page.goto(`${app.base}/dashboard/villages/${villageId}/chat`);
  await page.getByRole('heading', { name: 'Discussion' }).waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20_000 });
  return page;
}

describe('the village chat', () => {
  it('sends a message written offline once when the server is back, and the other member reads it', async () => {
    const claire = await registerUser(app.base, {
      email: 'chat-claire@example.org',
      password: PASSWORD,
      first_name: 'Claire',
      last_name: 'Durand',
    });
    const village = await createOpenVillage(app.base, claire.token);
    const hugo = await registerUser(app.base, {
      email: 'chat-hugo@example.org',
      password: PASSWORD,
      first_name: 'Hugo',
      last_name: 'Martin',
    });
    expect((await api(app.base, hugo.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode })).status).toBeLessThan(
      300,
    );

    const page = await openChat(alice.context, claire.token, village.id);
    await page.getByText(/Aucun message/).waitFor();
    const text = 'Je passe demain <b>vers 14 h</b>';

    await app.stop();
    try {
      await page.getByLabel('Votre message').fill(text);
      await page.getByLabel('Votre message').press('Enter');
      const mine = page.locator('.chat-message-mine').filter({ hasText: text });
      await mine.getByText("En attente d'envoi").waitFor();
      await expect.poll(() => page.getByLabel('Votre message').inputValue()).toBe('');
    } finally {
      await app.start();
    }
    await page.evaluate(() => window.dispatchEvent(new Event('online')));

    const stored = async () => {
      const answer = await api(app.base, hugo.token, 'GET', `/v1/villages/${village.id}/messages`);
      return (answer.body.data as { body: string }[]).filter((m) => m.body === text).length;
    };
    await expect.poll(stored, { timeout: 30_000 }).toBe(1);
    await page
      .locator('.chat-message-mine')
      .filter({ hasText: text })
      .getByText("En attente d'envoi")
      .waitFor({ state: 'detached', timeout: 20_000 });
    // Other triggers (focus, the timer, the worker) must not send it again.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(1000);
    expect(await stored()).toBe(1);

    const other = await openChat(bruno.context, hugo.token, village.id);
    const seen = other.locator('.chat-message').filter({ hasText: text });
    await seen.waitFor({ timeout: 20_000 });
    expect(await seen.textContent()).toContain('Claire');
    expect(await seen.locator('b').count()).toBe(0);
    expect(await other.locator('.chat-message-mine').count()).toBe(0);
  });
});
