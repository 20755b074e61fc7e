/**
 * What a browser that blocks the site's storage shows instead of the app (storage-blocked.ts): plain DOM, since
 * the app itself, router and React included, is not started then.
 */
export function showStorageBlocked() {
  const root = document.getElementById('root');
  if (!root) return;
  const main = document.createElement('main');
  // Styled through the CSSOM, which the page's policy allows, not a `style` attribute, which it refuses.
  Object.assign(main.style, { maxWidth: '36rem', margin: '0 auto', padding: '2rem 1.25rem' });
  const title = document.createElement('h1');
  title.textContent = 'Village ne peut pas s’ouvrir dans ce navigateur';
  const why = document.createElement('p');
  why.textContent =
    'Il bloque l’enregistrement des données de ce site, dont Village a besoin pour garder votre session et ce que vous écrivez hors connexion.';
  const how = document.createElement('p');
  how.textContent =
    'Autorisez les cookies et les données de site pour cette adresse, ou quittez la navigation privée, puis rechargez la page.';
  main.append(title, why, how);
  root.replaceChildren(main);
}
