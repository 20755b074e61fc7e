import { Link } from '@tanstack/react-router';

/** What a helper sees on a screen only the creator and the needy person may use: why, and a way back. */
export function ManagersOnly({ villageId, what }: { villageId: string; what: string }) {
  return (
    <div className="notice" role="note">
      <p>Seuls le créateur du village et la personne aidée peuvent {what}.</p>
      <p>
        <Link to="/dashboard/villages/$id/needs" params={{ id: villageId }}>
          Retour aux besoins du village
        </Link>
      </p>
    </div>
  );
}
