import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { VillageDatabase } from '../../db/database';
import { enqueue } from '../../outbox/enqueue';
import { onTheWire, seedLocal, MADE_AT, signedInDevice } from '../../testing/outbox-world';
import { addHelp } from './mutations/add-help';
import { deleteHelp, refuseHelp } from './mutations/remove-help';
import { updateHelp } from './mutations/update-help';
import { aHelpOn, aNeed, aVillage } from '../../testing/factories';

let db: VillageDatabase;
const { villageId, villagerId, now } = signedInDevice((fresh) => (db = fresh));

describe('local effects', () => {
  it('add-help: the help appears on its need, dates normalised to ISO UTC', async () => {
    const need = aNeed({ village_id: villageId });
    await seedLocal(db, aVillage({ id: villageId }), [need]);
    const id = uuidv7();
    await enqueue(
      addHelp,
      {
        village_id: villageId,
        village_need_id: need.id,
        id,
        input: {
          helper_id: villagerId,
          start_date: '2026-12-01T10:00:00+01:00',
          end_date: '2026-12-01T12:00:00+01:00',
          comment: 'Je passe',
        },
      },
      { db, now },
    );
    expect(await db.helps.get(id)).toEqual({
      id,
      village_id: villageId,
      village_need_id: need.id,
      helper_id: villagerId,
      start_date: '2026-12-01T09:00:00.000Z',
      end_date: '2026-12-01T11:00:00.000Z',
      comment: 'Je passe',
      created_at: MADE_AT.toISOString(),
      done_at: null,
      thanks_count: 0,
      thanks_message: null,
      replacement_asked_at: null,
    });
  });

  it('add-help: on a need that is gone locally, nothing shows but the write is still queued', async () => {
    const id = uuidv7();
    await enqueue(
      addHelp,
      { village_id: villageId, village_need_id: uuidv7(), id, input: { helper_id: villagerId, start_date: '2026-12-01T09:00:00Z' } },
      { db, now },
    );
    expect(await db.helps.get(id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });

  it.each([deleteHelp, refuseHelp])('$name: the help goes, the others stay', async (kind) => {
    const need = aNeed({ village_id: villageId });
    const [gone, kept] = [aHelpOn(need, { helper_id: villagerId }), aHelpOn(need, { helper_id: villagerId })];
    await seedLocal(db, aVillage({ id: villageId }), [need], [gone, kept]);
    await enqueue(kind, { village_id: villageId, help_id: gone.id, villager_id: villagerId }, { db, now });
    expect(await db.helps.get(gone.id)).toBeUndefined();
    expect(await db.helps.get(kept.id)).toEqual(kept);
  });

  it('re-applying an effect on the same rows gives the same rows (rebase relies on it)', async () => {
    const need = aNeed({ village_id: villageId });
    await seedLocal(db, aVillage({ id: villageId }), [need]);
    const helpId = uuidv7();
    const payload = {
      village_id: villageId,
      village_need_id: need.id,
      id: helpId,
      input: { helper_id: villagerId, start_date: '2026-12-01T09:00:00Z' },
    };
    await enqueue(addHelp, payload, { db, now });
    const once = await db.helps.toArray();
    await db.transaction('rw', [db.needs, db.helps, db.categories, db.villages], () =>
      addHelp.apply(db, payload, { createdAt: MADE_AT.toISOString() }),
    );
    expect(await db.helps.toArray()).toEqual(once);
  });
});

describe('requests', () => {
  const needId = uuidv7();
  const helpId = uuidv7();

  it('add-help: POST on the need helps with the client id in the body', () => {
    const input = { helper_id: villagerId, start_date: '2026-12-01T09:00:00Z' };
    expect(onTheWire(addHelp.request({ village_id: villageId, village_need_id: needId, id: helpId, input }))).toEqual({
      method: 'POST',
      path: `/v1/villages/${villageId}/needs/${needId}/helps`,
      body: { ...input, id: helpId },
    });
  });

  it('delete-help and refuse-help: DELETE on the help (refuse has its own path)', () => {
    const payload = { village_id: villageId, help_id: helpId, villager_id: villagerId };
    expect(onTheWire(deleteHelp.request(payload))).toEqual({
      method: 'DELETE',
      path: `/v1/villages/${villageId}/helps/${helpId}`,
      query: { villager_id: villagerId },
    });
    expect(onTheWire(refuseHelp.request(payload))).toEqual({
      method: 'DELETE',
      path: `/v1/villages/${villageId}/helps/${helpId}/refuse`,
      query: { villager_id: villagerId },
    });
  });

  it('each kind names the village of its entry and the row it writes', () => {
    const add = {
      village_id: villageId,
      village_need_id: needId,
      id: helpId,
      input: { helper_id: villagerId, start_date: '2026-12-01T09:00:00Z' },
    };
    const remove = { village_id: villageId, help_id: helpId, villager_id: villagerId };
    for (const [kind, payload] of [
      [addHelp, add],
      [deleteHelp, remove],
      [refuseHelp, remove],
    ] as const) {
      expect(kind.villageId(payload as never)).toBe(villageId);
      expect(kind.target(payload as never)).toBe(`helps:${helpId}`);
    }
  });
});

describe('descriptions, for the list of refused changes', () => {
  it("a help says its slot in the village's time, the others what they did", () => {
    const help = {
      village_id: villageId,
      village_need_id: uuidv7(),
      id: uuidv7(),
      input: { helper_id: villagerId, start_date: '2026-12-01T09:00:00Z' },
    };
    expect(addHelp.describe?.(help)).toBe("Proposition d'aide du mardi 1er\u00a0décembre à 10\u00a0h");
    expect(addHelp.describe?.({ ...help, input: { ...help.input, start_date: '2026-12-01T09:30:00Z' } })).toBe(
      "Proposition d'aide du mardi 1er\u00a0décembre à 10\u00a0h\u00a030",
    );
    const remove = { village_id: villageId, help_id: uuidv7(), villager_id: villagerId };
    expect(deleteHelp.describe?.(remove)).toBe("Retrait d'une aide");
    expect(refuseHelp.describe?.(remove)).toBe("Refus d'une aide");
    const named = { ...remove, need_name: 'Courses', start_date: '2026-12-01T09:00:00Z' };
    expect(deleteHelp.describe?.(named)).toBe("Retrait de l'aide du mardi 1er\u00a0décembre à 10\u00a0h sur «\u00a0Courses\u00a0»");
    expect(refuseHelp.describe?.(named)).toBe("Refus de l'aide du mardi 1er\u00a0décembre à 10\u00a0h sur «\u00a0Courses\u00a0»");
  });
});

describe('update-help: the note on a help', () => {
  const note = (helpId: string, comment: string | null) => ({
    village_id: villageId,
    help_id: helpId,
    input: { updater_id: villagerId, comment },
  });

  it('sets the comment at once and leaves the rest of the help as it was; on a help gone, writes nothing', async () => {
    const need = aNeed({ village_id: villageId });
    const help = aHelpOn(need, { helper_id: villagerId });
    await seedLocal(db, aVillage({ id: villageId }), [need], [help]);
    await enqueue(updateHelp, note(help.id, 'j’apporte une soupe'), { db, now });
    expect(await db.helps.get(help.id)).toEqual({ ...help, comment: 'j’apporte une soupe' });
    await enqueue(updateHelp, note(help.id, null), { db, now });
    expect(await db.helps.get(help.id)).toEqual({ ...help, comment: null });
    const gone = uuidv7();
    await enqueue(updateHelp, note(gone, 'Je passe'), { db, now });
    expect(await db.helps.get(gone)).toBeUndefined();
    expect(await db.outbox.count()).toBe(3);
  });

  it('is a PUT on the help with the helper and the note, and names its row', () => {
    const helpId = uuidv7();
    expect(onTheWire(updateHelp.request(note(helpId, 'Je passe')))).toEqual({
      method: 'PUT',
      path: `/v1/villages/${villageId}/helps/${helpId}`,
      body: { updater_id: villagerId, comment: 'Je passe' },
    });
    expect(updateHelp.villageId(note(helpId, null))).toBe(villageId);
    expect(updateHelp.target(note(helpId, null))).toBe(`helps:${helpId}`);
    expect(updateHelp.describe?.(note(helpId, 'Je passe'))).toBe('Mot sur votre aide\u00a0: «\u00a0Je passe\u00a0»');
  });

  it('settles with the server’s help, stored lean as a pull stores it, and never brings back a help withdrawn meanwhile', async () => {
    const need = aNeed({ village_id: villageId, name: 'Dîner' });
    const help = aHelpOn(need, { helper_id: villagerId });
    await seedLocal(db, aVillage({ id: villageId }), [need], [help]);
    // An answer that carries a copy of the need: the device keeps the help without it (its need is in the needs table).
    const answered = { ...help, comment: 'Je passe' };
    const settle = (helpId: string) =>
      db.transaction('rw', [db.needs, db.helps, db.categories, db.villages], () =>
        updateHelp.settle!(db, note(helpId, 'Je passe'), answered),
      );
    await settle(help.id);
    const { village_need: _need, ...lean } = answered;
    expect(await db.helps.get(help.id)).toEqual(lean);
    await db.helps.delete(help.id);
    await settle(help.id);
    expect(await db.helps.get(help.id)).toBeUndefined();
  });
});

describe('a slot taken on a need whose details were hidden', () => {
  it('keeps the address and door code the answer brings, for the slot card offline, and nothing else of the copy', async () => {
    const hidden = aNeed({ village_id: villageId, name: 'Dîner', description: 'Édité ici', details_hidden: true });
    await seedLocal(db, aVillage({ id: villageId }), [hidden]);
    const help = aHelpOn(hidden, { helper_id: villagerId });
    const answered = {
      ...help,
      village_need: { ...hidden, description: 'Ancienne', address: '12 rue des Lilas', access: 'Code 1234B', details_hidden: false },
    };
    const payload = {
      village_id: villageId,
      village_need_id: hidden.id,
      id: help.id,
      input: { helper_id: villagerId, start_date: help.start_date },
    };
    await db.transaction('rw', [db.needs, db.helps, db.categories, db.villages], () => addHelp.settle!(db, payload, answered));
    expect(await db.needs.get(hidden.id)).toMatchObject({
      address: '12 rue des Lilas',
      access: 'Code 1234B',
      details_hidden: false,
      description: 'Édité ici',
    });
    const { village_need: _copy, ...lean } = answered;
    expect(await db.helps.get(help.id)).toEqual(lean);
  });
});

describe('a take refused on replay', () => {
  it('names the slot and its need when the write carries them, in the village’s zone', () => {
    const take = {
      village_id: villageId,
      village_need_id: uuidv7(),
      id: uuidv7(),
      input: { helper_id: villagerId, start_date: '2035-03-14T18:00:00.000Z', end_date: '2035-03-14T19:30:00.000Z' },
      need_name: 'Dîner',
      slot: true,
    };
    expect(addHelp.describe?.(take)).toBe('Créneau du mercredi 14\u00a0mars 2035, 19\u00a0h sur «\u00a0Dîner\u00a0»');
    expect(addHelp.describe?.({ ...take, time_zone: 'America/Montreal' })).toBe(
      'Créneau du mercredi 14\u00a0mars 2035, 14\u00a0h sur «\u00a0Dîner\u00a0»',
    );
    // A help at a time of the helper's choosing stays a proposal, on its need.
    expect(addHelp.describe?.({ ...take, slot: undefined })).toBe(
      "Proposition d'aide du mercredi 14\u00a0mars 2035 à 19\u00a0h sur «\u00a0Dîner\u00a0»",
    );
  });
});
