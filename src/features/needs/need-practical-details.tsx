import type { VillageNeed } from '../../contract';

/** A map search for the address, in whatever maps app the phone opens for it. */
const mapLink = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/** Address, access, people to feed, diet: for whoever takes a slot, read from this device (offline too). */
export function NeedPracticalDetails({ need }: { need: VillageNeed }) {
  if (!need.address && !need.access && need.people == null && !need.diet) return null;
  return (
    <section className="need-practical" aria-labelledby="need-practical-title">
      <h2 id="need-practical-title">Infos pratiques</h2>
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
