import { Link } from '@tanstack/react-router';
import { isActiveVillager, type Village, type Villager } from '../../contract';
import { ShareVillage } from '../../components/share-village';
import { formatPeriod } from '../../domain/villages/village-period';
import { formatPhone } from '../../domain/villages/phone-number';
import { needyPerson } from '../../domain/villages/needy-person';
import { ManageScreen } from './manage-screen';
import { VillagePhotoForm } from './village-photo-form';
import { membersCount } from '../../domain/villagers/members';
import { gapHorizonText } from '../../domain/slots/urgent-slots';
import { CloseVillageSection } from './close-village-section';
import { DownloadFile } from '../../components/download-file/download-file';
import { downloadVillageArchive, VILLAGE_ARCHIVE_FILE } from '../../domain/villages/export-archive';

const excerpt = (text: string | null, empty: string) => {
  if (!text) return empty;
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

/** The manage page: the village's photo, each setting with its current value, and the invitation to join. */
export function ManagePage({ villageId }: { villageId: string }) {
  return (
    <ManageScreen villageId={villageId} title="Gérer le village" back="infos" managersOnly="gérer le village">
      {({ village, me, villagers }) => (
        <>
          {/* A closed village keeps its settings as they were: only its archive, reopening and deletion are left. */}
          {village.closed_at ? null : (
            <>
              <VillagePhotoForm village={village} updaterId={me.id} />
              <h2>Réglages</h2>
              <ul className="manage-links">
                {settings(village, villagers).map((setting) => (
                  <li key={setting.to}>
                    <Link to={setting.to} params={{ id: village.id }} className="manage-link">
                      <span className="manage-link-label">{setting.label}</span>
                      <span className="manage-link-value">{setting.value}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          {village.closed_at ? null : <ShareVillage villageId={village.id} shareCode={village.share_code} />}
          {/* A keepsake for the organisers (GET /v1/villages/{id}/export): JSON, offline HTML pages and the news photos. */}
          <h2>Archive</h2>
          <DownloadFile
            label="Télécharger l'archive du village"
            fileName={VILLAGE_ARCHIVE_FILE}
            download={() => downloadVillageArchive(village.id)}
          />
          <CloseVillageSection village={village} me={me} />
        </>
      )}
    </ManageScreen>
  );
}

function settings(village: Village, villagers: Villager[]) {
  const needy = needyPerson(village, villagers);
  const presentation = [village.name ?? 'Sans nom', needy ? `pour ${needy.name}` : null].filter(Boolean).join(', ');
  return [
    { to: '/dashboard/villages/$id/manage/infos', label: 'Présentation', value: presentation },
    {
      to: '/dashboard/villages/$id/manage/home-infos',
      label: 'Infos pratiques du domicile',
      value: excerpt(village.home_infos, 'Non renseignées'),
    },
    { to: '/dashboard/villages/$id/manage/period', label: 'Période', value: formatPeriod(village.start_date, village.end_date) },
    {
      to: '/dashboard/villages/$id/manage/phone',
      label: 'Téléphone de contact',
      value: village.phone ? formatPhone(village.phone) : 'Non renseigné',
    },
    {
      to: '/dashboard/villages/$id/manage/alerts',
      label: 'Créneaux urgents',
      value: gapHorizonText(village.gap_horizon_days),
    },
    { to: '/dashboard/villages/$id/manage/members', label: 'Membres', value: membersCount(villagers.filter(isActiveVillager).length) },
  ] as const;
}
