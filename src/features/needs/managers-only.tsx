import { Link } from '@tanstack/react-router';

/** What a helper sees on a screen only the organisers may use: why, and a way back. */
export function ManagersOnly({ villageId, what }: { villageId: string; what: string }) {
  return (
    <div className="notice" role="note">
      <p>Seules les personnes qui organisent le village (qui l’a créé, la personne aidée et les co-organisateur·rices) peuvent {what}.</p>
      <p>
        <Link to="/dashboard/villages/$id/needs" params={{ id: villageId }}>
          Retour aux besoins du village
        </Link>
      </p>
    </div>
  );
}
