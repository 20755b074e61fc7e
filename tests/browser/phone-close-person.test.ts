/**
 * Issue 18, item 7, in a real Chromium against the real server at 360 and 390 px: in the tunnel for a close
 * person, every screen after her first name is given asks about her and names her ("Quels sont les besoins
 * de Jeanne ?"), in forms that need no gender. Screenshots /tmp/phone-close-person-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openBrowser, registerUser, startApp } from './harness';
import { signedInPage } from './screens';
import { checkPhoneScreen } from './phone-screens';

const app = await startApp();
const { context } = await openBrowser();
context.setDefaultTimeout(15_000);

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continuer' });
/** The step's aside: what it is for, above the form on a phone. */
const asideText = (page: Page) => page.locator('.tunnel-aside').innerText();
const noSidewaysScroll = (page: Page) => async () => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
};

describe('the tunnel for a close person', () => {
  it('asks about Jeanne by her first name on every screen after she is named, never "vous" for her', async () => {
    const paul = await registerUser(app.base, {
      email: 'paul-close@example.org',
      password: 'motdepasse-solide-1',
      first_name: 'Paul',
      last_name: 'Girard',
    });
    const page = await signedInPage(context, app.base, paul.token);
    await page.goto(`${app.base}/create/village`);
    await page.getByRole('heading', { name: 'Créer votre village' }).waitFor({ timeout: 20_000 });
    await page.getByRole('radio', { name: /Pour un proche/ }).check();
    await continueButton(page).click();
    await page.getByRole('heading', { name: 'Pour qui est ce village\u00a0?' }).waitFor();
    await page.getByLabel('Son prénom').fill('Jeanne');
    await page.getByLabel('Votre lien avec cette personne').fill('Ma grand-mère');
    await continueButton(page).click();

    await page.getByRole('heading', { name: 'Quels sont les besoins de Jeanne\u00a0?' }).waitFor();
    expect(await page.getByText('De quoi avez-vous besoin ?').count()).toBe(0);
    expect(await asideText(page)).toContain('Les besoins de Jeanne sont ce pour quoi son entourage pourra proposer son aide.');
    await checkPhoneScreen(page, 'close-person-needs', noSidewaysScroll(page));
    await page.getByRole('checkbox').first().check();
    await continueButton(page).click();

    await page.getByRole('heading', { name: 'Sur quelle période\u00a0?' }).waitFor();
    expect(await asideText(page)).toContain('Sur quelle période faut-il aider Jeanne\u00a0?');
    await checkPhoneScreen(page, 'close-person-period', noSidewaysScroll(page));
    await page.getByRole('button', { name: 'Je ne sais pas encore' }).click();

    await page.getByRole('heading', { name: 'Présentez le village de Jeanne' }).waitFor();
    expect(await page.getByLabel('Nom du village').inputValue()).toBe('Le village de Jeanne');
    await page
      .getByText('Ce que son entourage doit savoir pour bien aider Jeanne : sa situation, ses habitudes, ce qui lui fait plaisir…')
      .waitFor();
    expect(await asideText(page)).toContain('vous pourrez alors y inviter l’entourage de Jeanne.');
    await checkPhoneScreen(page, 'close-person-infos', noSidewaysScroll(page));
    await page.getByRole('button', { name: 'Terminer' }).click();

    await page.getByRole('heading', { name: 'Le village de Jeanne est prêt' }).waitFor({ timeout: 20_000 });
    await page
      .getByText('préparez l’invitation de l’entourage de Jeanne, puis ouvrez-le quand vous le souhaitez.', { exact: false })
      .waitFor();
    await page.locator('.share-code').waitFor();
    await checkPhoneScreen(page, 'close-person-waiting', noSidewaysScroll(page));
    await page.close();
  });
});
