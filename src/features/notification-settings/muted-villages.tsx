import { useId, useMemo } from 'react';
import { useLocalVillages } from '../../domain/villages/village-reads';
import { SwitchField } from './switch-field';

export const MUTE_EXPLANATION =
  "Un village en sourdine ne vous envoie plus ses nouveaux créneaux, sa discussion ni son résumé de la semaine. Les confirmations et les rappels de vos propres créneaux continuent d'arriver.";

interface MutedVillagesProps {
  mutedIds: readonly string[];
  onMute(village: { id: string; name: string }, muted: boolean): void;
}

/** One switch per village this device knows for the user (the local store), so it works offline too. */
export function MutedVillages({ mutedIds, onMute }: MutedVillagesProps) {
  const titleId = useId();
  const noteId = useId();
  const stored = useLocalVillages();
  const villages = useMemo(
    () => stored?.map((village) => ({ id: village.id, name: villageName(village) })).sort((a, b) => a.name.localeCompare(b.name, 'fr')),
    [stored],
  );
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Villages en sourdine</h2>
      <p id={noteId} className="field-hint">
        {MUTE_EXPLANATION}
      </p>
      {villages && villages.length === 0 ? <p>Vous ne faites partie d'aucun village pour le moment.</p> : null}
      {villages && villages.length > 0 ? (
        <ul className="settings-villages">
          {villages.map((village) => (
            <li key={village.id}>
              <SwitchField
                label={`Mettre en sourdine «\u00a0${village.name}\u00a0»`}
                checked={mutedIds.includes(village.id.toLowerCase())}
                describedBy={noteId}
                onChange={(muted) => onMute(village, muted)}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** A village in creation may have no name yet: the person it is for tells it apart. */
const villageName = (village: { name: string | null; first_name: string | null }) =>
  village.name ?? (village.first_name ? `Village de ${village.first_name}` : 'Village sans nom');
