import { Link, useParams } from '@tanstack/react-router';
import { canManage, useMyVillager } from '../../domain/villagers/villager-reads';
import { useVillage } from '../../domain/villages/village-reads';
import { NavIcon } from './nav-icon';
import { LostAccessWatch } from './lost-access';
import { UnseenBadge } from './unseen-badge';
import { ChatUnreadBadge } from './unread-badge';
import { unreadSpoken } from '../../domain/messages/unread';
import { useUnreadCount } from '../../domain/messages/use-unread';
import './village-nav.css';

// The home comes first and holds the ways to the news and the infos: five areas (six for managers) still fit one
// row at 320 px (a seventh wrapped at 390 px).
const AREAS = [
  { to: '/dashboard/villages/$id/home', label: 'Accueil', icon: 'home' },
  { to: '/dashboard/villages/$id/needs', label: 'Besoins', icon: 'needs' },
  { to: '/dashboard/villages/$id/planning', label: 'Planning', icon: 'planning' },
  { to: '/dashboard/villages/$id/chat', label: 'Discussion', icon: 'chat' },
  { to: '/dashboard/villages/$id/notifications', label: 'Activité', icon: 'news' },
] as const;

/**
 * A village's areas, within a thumb's reach: a bar at the bottom of a phone's screen, under the header on
 * wider screens. Managing is offered to those who manage the village only.
 */
export function VillageNav() {
  const { id } = useParams({ strict: false }) as { id?: string };
  if (!id) return null;
  return <VillageNavFor villageId={id} />;
}

function VillageNavFor({ villageId }: { villageId: string }) {
  const village = useVillage(villageId);
  const me = useMyVillager(villageId);
  // A village not open yet (creation, waiting for validation) has no areas to go to.
  if (village && village.state !== 3) return <LostAccessWatch villageId={villageId} />;
  // Until the person's role is read (IndexedDB), the bar keeps its place empty: a sixth tab, "Gérer", coming
  // later would move the five others (a layout shift Lighthouse counts, bench:lighthouse).
  const areas =
    me === undefined
      ? []
      : canManage(me)
        ? [...AREAS, { to: '/dashboard/villages/$id/manage', label: 'Gérer', icon: 'manage' } as const]
        : AREAS;
  return (
    <>
      <LostAccessWatch villageId={villageId} />
      <nav className="village-nav" aria-label={village?.name ? `Village ${village.name}` : 'Le village'}>
        <ul>
          {areas.map((area) => (
            <li key={area.to}>
              {area.icon === 'chat' ? (
                <ChatEntry villageId={villageId} />
              ) : (
                <Link to={area.to} params={{ id: villageId }} activeProps={{ 'aria-current': 'page', className: 'active' }}>
                  <NavIcon name={area.icon} />
                  <span>{area.label}</span>
                  {area.icon === 'news' ? <UnseenBadge villageId={villageId} /> : null}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/**
 * "Discussion" with the count of messages not read on this device. The link is named in one string
 * ("Discussion, 3 messages non lus"): a hidden text beside a positioned badge would be read with a stray space.
 */
function ChatEntry({ villageId }: { villageId: string }) {
  const count = useUnreadCount(villageId);
  return (
    <Link
      to="/dashboard/villages/$id/chat"
      params={{ id: villageId }}
      activeProps={{ 'aria-current': 'page', className: 'active' }}
      aria-label={count ? `Discussion${unreadSpoken(count)}` : undefined}
    >
      <NavIcon name="chat" />
      <span>Discussion</span>
      <ChatUnreadBadge count={count} />
    </Link>
  );
}
