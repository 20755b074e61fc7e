import { Link } from '@tanstack/react-router';
import { PRIVACY_SECTIONS } from '../../components/privacy/privacy-path';
import { OperatorSection } from './operator-section';
import { deletedAccountTexts, retentionTexts } from './retention-texts';
import './privacy-page.css';

/**
 * « Confidentialité »: what the service keeps, why, for how long, who sees what, and the rights with the way
 * to use each, in plain French. Public: read before signing up as well as from Mon compte. The durations come
 * from src/contract/retention.ts, the figures the server deletes by.
 */
export function PrivacyPage() {
  return (
    <main className="page privacy-page" id="contenu">
      <h1>Confidentialité</h1>
      <p>
        Un village garde une part de la vie d'une famille. Cette page dit simplement ce que le service garde, pourquoi, combien de temps,
        qui le voit, et comment reprendre la main.
      </p>

      <section aria-labelledby="ce-que-nous-gardons">
        <h2 id="ce-que-nous-gardons">Ce qui est gardé, et pourquoi</h2>
        <ul>
          <li>
            <strong>Votre compte</strong>&nbsp;: prénom, nom, e-mail, mot de passe (jamais en clair) et, si vous les donnez, téléphone et
            photo. Pour vous connecter, vous écrire et que les membres de vos villages vous reconnaissent.
          </li>
          <li>
            <strong>Vos villages</strong>&nbsp;: besoins, créneaux, coups de main, messages, nouvelles, commentaires et photos. Pour
            organiser l'aide autour de la personne accompagnée.
          </li>
          <li>
            <strong>Vos réglages</strong>&nbsp;: notifications, abonnements aux notifications de vos appareils, calendriers. Pour vous
            prévenir comme vous l'avez choisi.
          </li>
          <li>
            <strong>Ce qui fait marcher le service</strong>&nbsp;: vos connexions, un identifiant par appareil, la trace des e-mails
            envoyés. Pour vous garder connecté, ne rien enregistrer deux fois et savoir ce qui est parti.
          </li>
        </ul>
        <p>
          Un village peut laisser deviner l'état de santé d'une personne. N'y écrivez que ce qui sert à l'entraide. Rien n'est vendu ni
          montré à qui n'est pas du village. La mesure d'audience ne part que si vous l'acceptez, et se change à tout moment dans Mon
          compte.
        </p>
      </section>

      <section aria-labelledby="qui-voit-quoi">
        <h2 id="qui-voit-quoi">Qui voit quoi</h2>
        <ul>
          <li>Les membres d'un village voient vos prénom, nom et photo, mais jamais votre e-mail ni votre téléphone.</li>
          <li>Les besoins, le planning, les messages et les nouvelles d'un village sont lus par tous ses membres, et par eux seuls.</li>
          <li>
            L'adresse et le code d'accès d'un besoin ne sont montrés qu'aux organisateurs et aux aidants qui ont un créneau à venir pour ce
            besoin.
          </li>
          <li>Un besoin «&nbsp;visible aux organisateurs seulement&nbsp;» n'est montré qu'aux organisateurs et à ses aidants.</li>
          <li>Les nouvelles sont écrites par les organisateurs et la personne accompagnée, et lues par tous les membres.</li>
          <li>Les messages du chat sont lus par tous les membres du village.</li>
        </ul>
      </section>

      <section aria-labelledby="combien-de-temps">
        <h2 id="combien-de-temps">Combien de temps</h2>
        <ul>
          {retentionTexts.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <h3>Si vous supprimez votre compte</h3>
        <ul>
          {deletedAccountTexts.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={PRIVACY_SECTIONS.rights}>
        <h2 id={PRIVACY_SECTIONS.rights}>Vos droits, et comment les exercer</h2>
        <ul>
          <li>
            <strong>Voir et emporter vos données</strong>&nbsp;: dans <Link to="/account">Mon compte</Link>, «&nbsp;Télécharger mes
            données&nbsp;» vous donne un fichier avec tout ce qui vous concerne, lisible et réutilisable ailleurs.
          </li>
          <li>
            <strong>Corriger</strong>&nbsp;: dans Mon compte, «&nbsp;Modifier mon profil&nbsp;» change vos nom, e-mail, téléphone et photo.
          </li>
          <li>
            <strong>Effacer</strong>&nbsp;: dans Mon compte, «&nbsp;Supprimer mon compte&nbsp;» efface votre compte comme dit plus haut.
          </li>
          <li>
            <strong>Ne plus être prévenu</strong>&nbsp;: dans Mon compte, «&nbsp;Notifications&nbsp;», ou le lien en bas de chaque e-mail.
          </li>
          <li>
            <strong>Toute autre demande</strong>&nbsp;: écrivez à la personne ou à l'association qui fait tourner le service, ci-dessous.
          </li>
        </ul>
      </section>

      <OperatorSection />
    </main>
  );
}
