/**
 * Issue 42, "details only for those who come", in a real Chromium against the real server at 360 and 390 px:
 * the organiser's need form says not to write medical details and offers « Visible aux organisateurs
 * seulement »; a helper without a slot reads that the address goes to those who take one, and reads it once
 * they took one. Screenshots /tmp/phone-need-*.png.
 */
import { describe, expect, it } from 'vitest';
import { api, createOpenVillage, openBrowser, registerUser, startApp } from './harness';
import { signedInPage } from './screens';
import { checkPhoneScreen } from './phone-screens';

const app = await startApp();
const { context } = await openBrowser();
context.setDefaultTimeout(15_000);
const PASSWORD = 'motdepasse-solide-1';
const ADDRESS = '12 rue des Lilas, Lyon';

describe('a need’s details, on a phone', () => {
  it('are asked without medical details, hidden from a helper without a slot, and theirs once they take one', async () => {
    const alice = await registerUser(app.base, {
      email: 'alice-need-details@example.org',
      password: PASSWORD,
      first_name: 'Alice',
      last_name: 'Moreau',
    });
    const bruno = await registerUser(app.base, {
      email: 'bruno-need-details@example.org',
      password: PASSWORD,
      first_name: 'Bruno',
      last_name: 'Lefèvre',
    });
    const village = await createOpenVillage(app.base, alice.token);
    const joined = await api(app.base, bruno.token, 'PUT', '/v1/villages/join/helper', { share_code: village.shareCode });
    expect(joined.status).toBe(201);
    const need = await api(app.base, alice.token, 'POST', `/v1/villages/${village.id}/needs`, {
      villager_id: village.villagerId,
      name: 'Courses',
      address: ADDRESS,
      access: 'Code 1234B',
    });
    expect(need.status).toBe(201);

    const organiser = await signedInPage(context, app.base, alice.token);
    await organiser.goto(`${app.base}/dashboard/villages/${village.id}/needs/add`);
    await organiser.getByLabel('Un autre besoin, que je décris').click();
    const description = organiser.getByLabel('Description', { exact: true });
    await description.waitFor();
    const caution = organiser.locator(`#${(await description.getAttribute('aria-describedby'))!.split(' ').at(-1)}`);
    expect(await caution.textContent()).toMatch(/^N’écrivez pas de détails médicaux/);
    await checkPhoneScreen(organiser, 'need-form', async () => {
      expect(await organiser.getByRole('checkbox', { name: 'Visible aux organisateurs seulement' }).isVisible()).toBe(true);
    });

    const helper = await signedInPage(context, app.base, bruno.token);
    await helper.goto(`${app.base}/dashboard/villages/${village.id}/needs/${need.body.data.id}`);
    await helper.getByText('Adresse et accès communiqués aux personnes inscrites à un créneau.').waitFor({ timeout: 20_000 });
    expect(await helper.getByText(ADDRESS).count()).toBe(0);
    await checkPhoneScreen(helper, 'need-hidden-details');

    const villagerId = joined.body.data.id as string;
    const start = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const taken = await api(app.base, bruno.token, 'POST', `/v1/villages/${village.id}/needs/${need.body.data.id}/helps`, {
      helper_id: villagerId,
      start_date: start,
    });
    expect(taken.status).toBe(201);
    await helper.reload();
    await helper.getByText(ADDRESS).waitFor({ timeout: 20_000 });
    expect(await helper.getByText('Code 1234B').isVisible()).toBe(true);
  });
});
