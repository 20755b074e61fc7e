import { describe, expect, it } from 'vitest';
import { createWorld } from '../test/world';

const world = await createWorld();

describe('the need catalogue', () => {
  it('lists French categories with a colour and needs with a picture the server serves', async () => {
    const user = await world.user('Marie');
    const res = await world.request('GET', '/v1/need_categories?include=needs', { token: user.token });
    expect(res.status).toBe(200);
    const names = res.body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Repas',
        'Courses',
        'Transport',
        'Ménage',
        "Garde d'enfants",
        'Compagnie',
        'Démarches',
        'Animaux',
        'Bricolage et jardin',
      ]),
    );
    for (const category of res.body.data) {
      expect(category.color).toMatch(/^#[0-9A-F]{6}$/i);
      expect(category.needs.length).toBeGreaterThan(0);
      for (const need of category.needs) expect(need.category_id).toBe(category.id);
    }
    const picture = res.body.data[0].needs[0].photo.original_url as string;
    expect(picture).toMatch(/^http:\/\/localhost:3333\/static\/needs\/.+\.svg$/);
    const served = await world.app.request(new URL(picture).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toContain('image/svg+xml');
    const svg = await served.text();
    expect(svg).toContain(`<title>${res.body.data[0].needs[0].name}</title>`);
    expect(svg).toContain(res.body.data[0].color);
  });

  it('lists categories without needs unless asked, and refuses an unknown include', async () => {
    const user = await world.user('Marie');
    const plain = await world.request('GET', '/v1/need_categories', { token: user.token });
    expect(plain.body.data[0]).not.toHaveProperty('needs');
    const wrong = await world.request('GET', '/v1/need_categories?include=photos', { token: user.token });
    expect(wrong.status).toBe(422);
  });
});
