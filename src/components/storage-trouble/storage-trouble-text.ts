import type { StorageTrouble } from '../../db/storage-health';

/** What happened, what to do, and what still works: the French words for each storage trouble. */
export const STORAGE_TROUBLE_TEXT: Record<StorageTrouble, { title: string; what: string; todo: string; still: string }> = {
  unavailable: {
    title: 'Le stockage de cet appareil est inaccessible',
    what: 'Village garde vos villages, le planning et vos modifications dans le stockage du navigateur, et celui-ci refuse de l’ouvrir. Cela arrive en navigation privée, ou quand le profil du navigateur est abîmé.',
    todo: 'Quittez la navigation privée (ou ouvrez Village dans une fenêtre normale), vérifiez que le navigateur autorise les données des sites, puis rechargez la page.',
    still:
      'Sans ce stockage, Village ne peut rien afficher, même connecté à Internet. Vos villages et vos modifications déjà envoyées sont conservés sur le serveur\u00a0: vous les retrouverez dès que le stockage fonctionne, ou sur un autre appareil.',
  },
  blocked: {
    title: 'Village est ouvert dans un autre onglet',
    what: 'Un autre onglet ou une autre fenêtre utilise encore une ancienne version de Village, qui empêche celle-ci de s’ouvrir.',
    todo: 'Fermez les autres onglets de Village, ou rechargez-les\u00a0: cette page continuera d’elle-même.',
    still: 'L’autre onglet reste utilisable en attendant, et rien de ce que vous y avez fait n’est perdu.',
  },
  full: {
    title: 'Le stockage de cet appareil est plein',
    what: 'Village n’a pas pu enregistrer vos villages sur cet appareil\u00a0: il n’y a plus de place.',
    todo: 'Libérez de la place (photos, applications, données d’autres sites), puis rechargez la page.',
    still: 'Vos villages et vos modifications déjà envoyées sont conservés sur le serveur\u00a0: rien n’est perdu.',
  },
  closed: {
    title: 'Le navigateur a fermé le stockage de Village',
    what: 'Le navigateur a fermé le stockage de Village pendant son utilisation (données du site effacées ou place libérée)\u00a0: ce que vous voyez n’est peut-être plus à jour.',
    todo: 'Rechargez la page pour continuer.',
    still:
      'Ce qui est déjà envoyé est conservé sur le serveur\u00a0; des modifications faites hors connexion et pas encore envoyées ont pu être effacées.',
  },
};
