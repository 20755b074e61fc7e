import { PRIVACY_SECTIONS } from '../../components/privacy/privacy-path';
import { useOperator } from '../../domain/privacy/use-operator';

export const OPERATOR_UNKNOWN_TEXT =
  "Le nom et l'adresse de la personne ou de l'association qui fait tourner ce service s'afficheront une fois la connexion revenue.";
export const OPERATOR_UNSET_TEXT =
  "La personne ou l'association qui fait tourner ce service n'a pas encore indiqué son nom ni son adresse. Demandez-les à l'organisateur de votre village.";

/** Who runs this server and where to write to them, from its settings (GET /v1/operator). */
export function OperatorSection() {
  const operator = useOperator();
  const named = operator && (operator.name || operator.email);
  return (
    <section aria-labelledby={PRIVACY_SECTIONS.operator}>
      <h2 id={PRIVACY_SECTIONS.operator}>Qui s'occupe de vos données</h2>
      {!operator ? (
        <p>{OPERATOR_UNKNOWN_TEXT}</p>
      ) : named ? (
        <>
          {operator.name ? (
            <p>
              Ce service est géré par <strong>{operator.name}</strong>.
            </p>
          ) : null}
          {operator.email ? (
            <>
              <p>Pour toute question ou demande sur vos données, écrivez à cette adresse&nbsp;:</p>
              <p>
                <a className="privacy-address" href={`mailto:${operator.email}`}>
                  {operator.email}
                </a>
              </p>
            </>
          ) : null}
        </>
      ) : (
        <p>{OPERATOR_UNSET_TEXT}</p>
      )}
      <p>
        Si une demande reste sans réponse, vous pouvez vous adresser à la CNIL, sur{' '}
        <a href="https://www.cnil.fr/fr/plaintes" target="_blank" rel="noopener noreferrer">
          cnil.fr
          <span className="visually-hidden"> (nouvel onglet)</span>
        </a>
        .
      </p>
    </section>
  );
}
