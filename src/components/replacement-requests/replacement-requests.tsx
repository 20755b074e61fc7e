import { useId, useState } from 'react';
import { DEFAULT_TIME_ZONE, type Help, type Villager } from '../../contract';
import { ofName, replacementSentence } from '../../contract/replacement';
import { useVillage } from '../../domain/villages/village-reads';
import { useVillageHelps } from '../../domain/helps/help-reads';
import { useVillageNeeds } from '../../domain/needs/need-reads';
import { useVillagers } from '../../domain/villagers/villager-reads';
import { takeOverAction } from '../../domain/helps/actions';
import { toast } from '../../state/toasts';
import '../open-slots/open-slots.css';

const slotKey = (help: Help) => `${help.village_need_id} ${Date.parse(help.start_date)}`;

/**
 * The village home's « Bruno cherche quelqu’un pour « Dîner », jeudi 3 décembre, 19 h », each taken over in one
 * tap (offline too): the slots whose helpers asked for a replacement, not one's own, nor a slot one holds already.
 */
export function ReplacementRequests({ villageId, me }: { villageId: string; me: Villager }) {
  const titleId = useId();
  const village = useVillage(villageId);
  const helps = useVillageHelps(villageId);
  const needs = useVillageNeeds(villageId);
  const villagers = useVillagers(villageId);
  const [now] = useState(() => Date.now());
  if (!helps || !needs || !villagers) return null;

  const held = new Set(helps.filter((help) => help.helper_id === me.id).map(slotKey));
  const asked = helps.filter((help) => help.replacement_asked_at && Date.parse(help.start_date) > now && !held.has(slotKey(help)));
  if (!asked.length) return null;
  const zone = village?.time_zone ?? DEFAULT_TIME_ZONE;
  const nameOf = (help: Help) => villagers.find((v) => v.id === help.helper_id)?.user?.first_name ?? 'Un membre du village';
  const needOf = (help: Help) => needs.find((need) => need.id === help.village_need_id)?.name ?? 'Besoin';

  const takeOver = async (help: Help) => {
    const result = await takeOverAction(villageId, help.id, me.id, { needName: needOf(help), startDate: help.start_date, timeZone: zone });
    if (result.ok) toast.success(`Vous prenez le relais ${ofName(nameOf(help))}.`);
    else toast.error(result.message);
  };

  return (
    <section className="open-slots" aria-labelledby={titleId}>
      <h2 id={titleId}>Relais demandés</h2>
      <ul className="open-slots-list">
        {asked.map((help) => {
          const sentence = replacementSentence(nameOf(help), needOf(help), help.start_date, zone);
          return (
            <li key={help.id}>
              <span className="open-slots-need">{sentence}</span>
              <button type="button" onClick={() => void takeOver(help)} aria-label={`Je prends le relais\u00a0: ${sentence}`}>
                Je prends le relais
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
