/**
 * Issue 18, item 4, in a real Chromium against the real server at 360 and 390 px: the "Discussion" tab counts
 * the messages of others since this device last showed the chat ("Discussion, 3 messages non lus"), the
 * count goes once the chat is opened and my own messages never add to it; "Entrée pour envoyer" shows with a
 * mouse and a keyboard, not on a touch screen. Screenshots /tmp/phone-chat-*.png.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { phoneContext, watchContentSecurityPolicy } from '../support/chromium';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { checkScreen, signedInPage } from './screens';
import { checkPhoneScreen } from './phone-screens';

const app = await startApp();
const { context } = await openBrowser();
context.setDefaultTimeout(15_000);
const PASSWORD = 'motdepasse-solide-1';

/** A phone as a phone is: a touch screen, no mouse (Chromium then answers `(hover: none)` and `(pointer: coarse)`). */
async function touchPhone() {
  const profile = await mkdtemp(join(tmpdir(), 'village-chromium-touch-'));
  const touch = await chromium.launchPersistentContext(profile, { ...phoneContext, hasTouch: true, isMobile: true });
  // Held to the server's Content-Security-Policy as openBrowser's contexts are (harness.ts).
  const cspViolations = watchContentSecurityPolicy(touch);
  afterAll(async () => {
    const found = cspViolations();
    await touch.close();
    await rm(profile, { recursive: true, force: true });
    expect(found, 'Content-Security-Policy violations').toEqual([]);
  });
  touch.setDefaultTimeout(15_000);
  return touch;
}

describe('the chat tells what I have not read', () => {
  it('counts the messages of others on the tab, clears the count on opening, never counts mine', async () => {
    const alice = await registerUser(app.base, {
      email: 'alice-phone-chat@example.org',
      password: PASSWORD,
      first_name: 'Alice',
      last_name: 'Moreau',
    });
    const bruno = await registerUser(app.base, {
      email: 'bruno-phone-chat@example.org',
      password: PASSWORD,
      first_name: 'Bruno',
      last_name: 'Lefèvre',
    });
    const village = await createOpenVillage(app.base, alice.token);
    expect((await api(app.base, bruno.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode })).status).toBeLessThan(
      300,
    );
    const members = (await api(app.base, bruno.token, 'GET', `/v1/villages/${village.id}?include=villagers`)).body.data.villagers as {
      id: string;
      user_id: string;
    }[];
    const brunoId = members.find((m) => m.user_id === bruno.user.id)!.id;
    const say = async (body: string) =>
      expect((await api(app.base, bruno.token, 'POST', `/v1/villages/${village.id}/messages`, { villager_id: brunoId, body })).status).toBe(
        201,
      );
    for (const body of ['Bonjour Alice', 'Je peux passer jeudi', 'Vers 14 h ?']) await say(body);

    const page = await signedInPage(context, app.base, alice.token);
    await page.goto(`${app.base}/dashboard/villages/${village.id}/needs`);
    await page.getByRole('heading', { name: 'Besoins du village' }).waitFor({ timeout: 20_000 });
    const nav = page.getByRole('navigation');
    const unread = nav.getByRole('link', { name: 'Discussion, 3 messages non lus' });
    await unread.waitFor({ timeout: 20_000 });
    await checkPhoneScreen(page, 'chat-tab', async () => {
      // The count sits on the icon, inside the tab: it covers neither the label nor the next tab.
      const [count, link] = await Promise.all([page.getByTestId('chat-unread').boundingBox(), unread.boundingBox()]);
      expect(count!.x).toBeGreaterThanOrEqual(link!.x);
      expect(count!.x + count!.width).toBeLessThanOrEqual(link!.x + link!.width);
      expect(await page.getByTestId('chat-unread').evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"3"');
    });

    await checkScreen(page, 'chat-tab', 'phone');

    // Opening the chat clears the count; with a mouse and a keyboard, the hint says Enter sends.
    await unread.click();
    await page.getByRole('heading', { name: 'Discussion' }).waitFor();
    await page.getByText('Vers 14 h ?').waitFor();
    await nav.getByRole('link', { name: 'Discussion', exact: true }).waitFor();
    expect(await page.getByText('Entrée pour envoyer, Maj + Entrée pour aller à la ligne.').isVisible()).toBe(true);
    await page.getByLabel('Votre message').fill('Jeudi 14 h, parfait');
    await page.getByLabel('Votre message').press('Enter');
    await page
      .locator('.chat-message-mine')
      .filter({ hasText: 'Jeudi 14 h, parfait' })
      .getByText("En attente d'envoi")
      .waitFor({ state: 'detached', timeout: 20_000 });

    // Back on the needs: my own message does not count; Bruno's answer does.
    await nav.getByRole('link', { name: /^Besoins/ }).click();
    await page.getByRole('heading', { name: 'Besoins du village' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await nav.getByRole('link', { name: 'Discussion', exact: true }).count()).toBe(1);
    await say('Super, à jeudi');
    await page.reload();
    await nav.getByRole('link', { name: 'Discussion, 1 message non lu' }).waitFor({ timeout: 20_000 });

    // The count is kept per device: on another phone, where the chat was never shown, Bruno's four messages count.
    const touch = await touchPhone();
    const phone = await signedInPage(touch, app.base, alice.token);
    await phone.goto(`${app.base}/dashboard/villages/${village.id}/needs`);
    await phone.getByRole('navigation').getByRole('link', { name: 'Discussion, 4 messages non lus' }).click({ timeout: 20_000 });
    await phone.getByText('Super, à jeudi').waitFor({ timeout: 20_000 });
    expect(await phone.evaluate(() => matchMedia('(hover: hover) and (pointer: fine)').matches)).toBe(false);
    expect(await phone.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    // A touch keyboard's Enter goes to a new line, as in the phone's own apps: no hint, and the button sends.
    expect(await phone.getByText('Entrée pour envoyer', { exact: false }).isVisible()).toBe(false);
    const box = phone.getByLabel('Votre message');
    await box.fill('Première ligne');
    await box.press('Enter');
    await box.pressSequentially('seconde ligne');
    expect(await box.inputValue()).toBe('Première ligne\nseconde ligne');
    await phone.getByRole('button', { name: 'Envoyer' }).click();
    await phone.locator('.chat-message-mine').filter({ hasText: 'seconde ligne' }).waitFor();
    await expect.poll(() => box.inputValue()).toBe('');
    await checkPhoneScreen(phone, 'chat-touch', async () => {
      expect(await phone.getByRole('button', { name: 'Envoyer' }).isVisible()).toBe(true);
    });
    await phone.close();
    await page.close();
  });
});
