/** Where to paste the address in the calendar apps that have no one-click subscription. */
export function CalendarAppsHelp() {
  return (
    <details className="calendar-help">
      <summary>Apple Calendrier, Thunderbird ou une autre application</summary>
      <ul>
        <li>
          <strong>Apple Calendrier sur Mac :</strong> menu Fichier, « Nouvel abonnement à un calendrier », puis collez l'adresse.
        </li>
        <li>
          <strong>iPhone ou iPad :</strong> Réglages, Calendrier, Comptes, Ajouter un compte, Autre, « Ajouter un calendrier avec abonnement
          », puis collez l'adresse.
        </li>
        <li>
          <strong>Thunderbird :</strong> dans l'agenda, « Nouvel agenda », « Sur le réseau » (abonnement à un calendrier réseau), puis
          collez l'adresse.
        </li>
      </ul>
      <p>Votre agenda se met ensuite à jour tout seul, en général en quelques heures.</p>
    </details>
  );
}
