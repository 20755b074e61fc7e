import { useParams } from '@tanstack/react-router';
import { useVillage } from '../../domain/villages/village-reads';
import { villageTitle } from '../../domain/villages/village-title';

/**
 * The village's name in the header of each of its screens: on a phone no other line says where one is.
 */
export function VillageTitleLine() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const village = useVillage(id ?? '');
  if (!id || !village) return null;
  return <p className="village-title-line">{villageTitle(village, village.first_name)}</p>;
}
