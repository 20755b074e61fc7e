import type { VillageNeed } from '../../contract';

/** A map search for the address, in whatever maps app the phone opens for it. */
const mapLink = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/** Said where the address and the door code would be, to a member who holds no slot of the need yet. */
export const DETAILS_HIDDEN = 'Adresse et accès communiqués aux personnes inscrites à un créneau.';

/**
 * Address, access, people to feed, diet: for whoever takes a slot, read from this device (offline too). The
 * server sends the address and the door code only to the organisers and to whoever holds a slot: the others
 * are told they exist, and get them by taking one.
 */
export function NeedPracticalDetails({ need }: { need: VillageNeed }) {
  if (!need.address && !need.access && need.people == null && !need.diet && !need.details_hidden) return null;
  return (
    <section className="need-practical" aria-labelledby="need-practical-title">
      <h2 id="need-practical-title">Infos pratiques</h2>
      {need.details_hidden ? <p className="need-practical-hidden">{DETAILS_HIDDEN}</p> : null}
      <dl>
        {need.address ? (
          <>
            <dt>Adresse</dt>
            <dd>
              <span className="need-practical-text">{need.address}</span>{' '}
              <a href={mapLink(need.address)} target="_blank" rel="noreferrer">
                Voir sur une carte<span className="visually-hidden"> (nouvel onglet)</span>
              </a>
            </dd>
          </>
        ) : null}
        {need.access ? (
          <>
            <dt>Accès</dt>
            <dd className="need-practical-text">{need.access}</dd>
          </>
        ) : null}
        {need.people != null ? (
          <>
            <dt>Personnes à nourrir</dt>
            <dd>{need.people}</dd>
          </>
        ) : null}
        {need.diet ? (
          <>
            <dt>Régime et allergies</dt>
            <dd className="need-practical-text">{need.diet}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
