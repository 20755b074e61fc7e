import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const load = async () => (await import('./external-links')).externalLinks;

describe("the spec's external links", () => {
  it('lead to the privacy page when their settings are unset', async () => {
    for (const name of ['LEGAL_NOTICE', 'PRIVACY_POLICY', 'BUG_REPORT', 'INSTAGRAM', 'LINKEDIN']) vi.stubEnv(`VITE_${name}_URL`, '');
    const links = await load();
    expect(links.map((l) => l.label)).toEqual([
      'Mentions légales',
      'Politique de confidentialité',
      'Signaler un bug',
      'Instagram',
      'LinkedIn',
    ]);
    for (const link of links) expect(link).toMatchObject({ to: '/confidentialite' });
    expect(links[0]).toEqual({ label: 'Mentions légales', to: '/confidentialite', hash: 'editeur' });
  });

  it('go where their settings say when set', async () => {
    vi.stubEnv('VITE_LEGAL_NOTICE_URL', 'https://tilleuls.example/mentions');
    vi.stubEnv('VITE_INSTAGRAM_URL', 'https://www.instagram.com/tilleuls/');
    const links = await load();
    expect(links.find((l) => l.label === 'Mentions légales')).toEqual({
      label: 'Mentions légales',
      href: 'https://tilleuls.example/mentions',
    });
    expect(links.find((l) => l.label === 'Instagram')).toEqual({ label: 'Instagram', href: 'https://www.instagram.com/tilleuls/' });
    expect(links.find((l) => l.label === 'LinkedIn')).toMatchObject({ to: '/confidentialite' });
  });
});
