import { GapHorizonForm, HomeInfosForm, PeriodForm, PhoneForm, PresentationForm } from './manage-forms';
import { ManageScreen } from './manage-screen';

/** The manage sub-pages: one setting each, for the village's managers. */

export const HomeInfosPage = ({ villageId }: { villageId: string }) => (
  <ManageScreen
    villageId={villageId}
    title="Infos pratiques du domicile"
    back="manage"
    managersOnly="modifier les infos pratiques du domicile"
  >
    {(context) => <HomeInfosForm {...context} />}
  </ManageScreen>
);

export const PresentationPage = ({ villageId }: { villageId: string }) => (
  <ManageScreen villageId={villageId} title="Présentation du village" back="manage" managersOnly="modifier la présentation du village">
    {(context) => <PresentationForm {...context} />}
  </ManageScreen>
);

export const PeriodPage = ({ villageId }: { villageId: string }) => (
  <ManageScreen villageId={villageId} title="Période" back="manage" managersOnly="modifier la période du village">
    {(context) => <PeriodForm {...context} />}
  </ManageScreen>
);

export const PhonePage = ({ villageId }: { villageId: string }) => (
  <ManageScreen villageId={villageId} title="Téléphone de contact" back="manage" managersOnly="modifier le téléphone de contact">
    {(context) => <PhoneForm {...context} />}
  </ManageScreen>
);

export const GapAlertsPage = ({ villageId }: { villageId: string }) => (
  <ManageScreen villageId={villageId} title="Créneaux urgents" back="manage" managersOnly="modifier l’alerte des créneaux urgents">
    {(context) => <GapHorizonForm {...context} />}
  </ManageScreen>
);
