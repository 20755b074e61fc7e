/** Where to paste the address in the calendar apps that have no one-click subscription. */
export function CalendarAppsHelp() {
  return (
    <details className="calendar-help">
      <summary>Apple Calendrier, Thunderbird ou une autre application</summary>
      <ul>
        <li>
          <strong>Apple Calendrier sur Mac&nbsp;:</strong> menu Fichier, «&nbsp;Nouvel abonnement à un calendrier&nbsp;», puis collez
          l'adresse.
        </li>
        <li>
          <strong>iPhone ou iPad&nbsp;:</strong> Réglages, Calendrier, Comptes, Ajouter un compte, Autre, «&nbsp;Ajouter un calendrier avec
          abonnement &nbsp;», puis collez l'adresse.
        </li>
        <li>
          <strong>Thunderbird&nbsp;:</strong> dans l'agenda, «&nbsp;Nouvel agenda&nbsp;», «&nbsp;Sur le réseau&nbsp;» (abonnement à un
          calendrier réseau), puis collez l'adresse.
        </li>
      </ul>
      <p>Votre agenda se met ensuite à jour tout seul, en général en quelques heures.</p>
    </details>
  );
}
