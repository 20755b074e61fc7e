import type { ReactNode } from 'react';
import type { Village, Villager } from '../../contract';
import { canManage, useMyVillager } from '../../domain/villagers/villager-reads';
import { useVillageSync } from '../../domain/villages/village-reads';
import { useKnownVillage } from '../../domain/villages/use-known-village';

interface PendingVillageProps {
  villageId: string;
  children: (village: Village, creator: Villager) => ReactNode;
}

/**
 * A step of a village already started: its rows on this device (kept fresh from the server when it is
 * reachable, for a tunnel begun on another device) and the villager whose id every write of the step acts as.
 */
export function PendingVillage({ villageId, children }: PendingVillageProps) {
  useVillageSync(villageId);
  const village = useKnownVillage(villageId);
  const me = useMyVillager(villageId);
  if (village === undefined || me === undefined) return <p role="status">Chargement…</p>;
  if (village === null) return <p className="notice">Ce village est introuvable sur cet appareil.</p>;
  if (!me || !canManage(me)) return <p className="notice">Seule la personne qui crée ce village peut le compléter.</p>;
  return children(village, me);
}
