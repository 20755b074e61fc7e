import { useParams } from '@tanstack/react-router';
import { VillageClosedBanner } from '../../components/village-closed/village-closed-banner';
import { useVillage } from '../../domain/villages/village-reads';

/** The banner of a closed village, over each of its screens (the dashboard layout shows it). */
export function ClosedVillageNotice() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const village = useVillage(id ?? '');
  if (!id || !village?.closed_at) return null;
  return <VillageClosedBanner closedAt={village.closed_at} message={village.closed_message} timeZone={village.time_zone} />;
}
