import { useQuery } from '@tanstack/react-query';
import { isActiveVillager } from '../../contract';
import { useMyVillager } from '../villagers/villager-reads';
import { actionsPageQuery } from './actions-query';
import { hasUnseen } from './unseen';
import './app-feed-cache';

/** How often an open village looks for news while its nav shows (the page alone: TanStack skips hidden tabs). */
const LOOK_FOR_NEWS_MS = 60_000;

/** Whether the signed-in villager has news they have not seen in this village, their own actions aside: read from the feed's first page. */
export function useHasUnseen(villageId: string): boolean {
  const me = useMyVillager(villageId);
  const member = !!me && isActiveVillager(me);
  const { data } = useQuery({ ...actionsPageQuery(villageId, 1), enabled: member, refetchInterval: LOOK_FOR_NEWS_MS });
  return member && !!data && hasUnseen(data.data, me.last_check_notif_date, me.id);
}
