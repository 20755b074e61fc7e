import { useParams } from '@tanstack/react-router';
import { useVillage } from '../../domain/villages/village-reads';
import { villageTitle } from '../../domain/villages/village-title';

/**
 * The village's name in the header of each of its screens: on a phone no other line says where one is.
 */
export function VillageTitleLine() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const village = useVillage(id ?? '');
  if (!id) return null;
  // Its line is kept while the village is read: the page below would move down when the name came.
  if (!village)
    return (
      <p className="village-title-line" aria-hidden="true">
        {'\u00a0'}
      </p>
    );
  return <p className="village-title-line">{villageTitle(village, village.first_name)}</p>;
}
