import { useCurrentUser } from '../../session/current-user';
import { ProfileForm } from './profile-form';
import { PhotoForm } from './photo-form';

export function ProfilePage() {
  const user = useCurrentUser();
  return (
    <section className="profile" aria-labelledby="profile-title">
      <h1 id="profile-title">Mon profil</h1>
      {user === undefined ? <p role="status">Chargement…</p> : null}
      {user === null ? <p role="alert">Votre profil n'est pas disponible pour le moment. Réessayez plus tard.</p> : null}
      {user ? (
        <>
          <PhotoForm user={user} />
          {/* Keyed by user: the form starts from the saved values, and a save does not reset what is typed. */}
          <ProfileForm key={user.id} user={user} />
        </>
      ) : null}
    </section>
  );
}
