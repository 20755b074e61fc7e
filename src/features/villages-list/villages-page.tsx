import { Link } from '@tanstack/react-router';
import { VILLAGE_STATE } from '../../contract';
import { useVillagesList, useVillagesRefresh } from '../../domain/villages/use-villages-list';
import type { VillageActivity, VillageSummary } from '../../domain/villages/village-summary';
import { weekSlotsText } from '../../domain/villages/week-slots';
import { isOfflineError } from '../../domain/failure-text';
import './villages-list.css';

export const EMPTY_TEXT =
  "Vous ne faites partie d'aucun village pour l'instant. Créez le village d'une personne qui a besoin d'aide, ou rejoignez celui d'un proche avec le code qu'il vous a envoyé.";
export const NOT_PULLED_TEXT = 'Ouvrez le village pour voir ses besoins';

const STATE_TEXT = {
  [VILLAGE_STATE.creation]: 'Création en cours',
  [VILLAGE_STATE.waitingValidation]: "En attente d'ouverture",
  [VILLAGE_STATE.started]: 'Village ouvert',
} as const;

const count = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export function helpsTodayText(n: number) {
  return n === 0 ? "Aucune aide aujourd'hui" : count(n, "aide aujourd'hui", "aides aujourd'hui");
}

export function uncoveredText(activity: VillageActivity) {
  if (activity.needs === 0) return "Aucun besoin pour l'instant";
  if (activity.uncoveredNeeds === 0) return 'Tous les besoins ont une aide prévue';
  return count(activity.uncoveredNeeds, 'besoin sans aide prévue', 'besoins sans aide prévue');
}

function VillagePicture({ summary }: { summary: VillageSummary }) {
  if (summary.photoUrl) return <img className="village-card-photo" src={summary.photoUrl} alt="" width={64} height={64} />;
  return (
    <span className="village-card-photo village-card-initials" aria-hidden="true">
      {summary.initials}
    </span>
  );
}

function VillageCard({ summary }: { summary: VillageSummary }) {
  const { destination } = summary;
  const titleId = `village-card-${summary.id}`;
  return (
    <li>
      <article className={`village-card state-${summary.state}`} aria-labelledby={titleId}>
        <VillagePicture summary={summary} />
        <div className="village-card-body">
          <h2 id={titleId}>
            {destination.to === '/create/village' ? (
              summary.title
            ) : (
              <Link {...destination} className="village-card-link">
                {summary.title}
              </Link>
            )}
          </h2>
          <p className="village-card-state">{STATE_TEXT[summary.state]}</p>
          {summary.state === VILLAGE_STATE.started ? (
            summary.activity ? (
              <ul className="village-card-activity">
                <li className={summary.activity.helpsToday ? 'highlight' : undefined}>{helpsTodayText(summary.activity.helpsToday)}</li>
                <li className={summary.activity.uncoveredNeeds ? 'warning' : undefined}>{uncoveredText(summary.activity)}</li>
                <WeekSlotsItem villageId={summary.id} activity={summary.activity} />
              </ul>
            ) : (
              <p className="village-card-hint">{NOT_PULLED_TEXT}</p>
            )
          ) : null}
          {destination.to === '/create/village' ? (
            <Link {...destination} className="button village-card-resume">
              Reprendre<span className="visually-hidden"> la création&nbsp;: {summary.title}</span>
            </Link>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/** "Cette semaine : 3 créneaux à pourvoir", leading to them on the planning; nothing for a week with no slots. */
function WeekSlotsItem({ villageId, activity }: { villageId: string; activity: VillageActivity }) {
  const text = weekSlotsText(activity.weekSlots);
  if (!text) return null;
  if (!activity.weekSlots.open) return <li>{text}</li>;
  return (
    <li className="warning">
      <Link
        to="/dashboard/villages/$id/planning"
        params={{ id: villageId }}
        search={{ filtre: 'a-pourvoir' }}
        className="village-card-slots"
      >
        <span aria-hidden="true">○ </span>
        {text}
      </Link>
    </li>
  );
}

function RefreshNotice({ error }: { error: Error | null }) {
  if (!error) return null;
  const offline = isOfflineError(error);
  return (
    <p className="notice villages-refresh">
      {offline
        ? 'Hors ligne\u00a0: voici les villages enregistrés sur cet appareil.'
        : "La liste n'a pas pu être actualisée. Elle le sera à votre prochain passage."}
    </p>
  );
}

/** The user's villages: each by its name and the face it is built around, where it stands and what needs them now. */
export function VillagesPage() {
  const villages = useVillagesList();
  const refresh = useVillagesRefresh();
  return (
    <section className="villages" aria-labelledby="villages-title" aria-busy={villages === undefined || undefined}>
      <h1 id="villages-title">Mes villages</h1>
      <div className="villages-actions">
        <Link to="/create/village" className="button">
          Créer un village
        </Link>
        <Link to="/join/village" className="button secondary">
          Rejoindre un village
        </Link>
      </div>
      <RefreshNotice error={refresh.error} />
      {villages === undefined ? null : villages.length ? (
        <ul className="village-cards">
          {villages.map((summary) => (
            <VillageCard key={summary.id} summary={summary} />
          ))}
        </ul>
      ) : (
        <p className="villages-empty">{EMPTY_TEXT}</p>
      )}
    </section>
  );
}
