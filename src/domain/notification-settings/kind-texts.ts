import type { NotificationKind } from '../../contract/notification-settings';

/** What each kind is called on the settings screen, in the unsubscribe page and in the outbox's list. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  confirmations: 'Confirmations de vos créneaux',
  reminders: 'Rappels',
  new_slots: 'Nouveaux créneaux à pourvoir',
  chat: 'Discussion',
  weekly_summary: 'Résumé de la semaine (pour qui organise)',
  news: 'Nouvelles du village',
  thanks: 'Remerciements',
  gaps: 'Me prévenir des créneaux urgents',
  nudges: 'Quand un village a encore besoin de vous',
};

/** One sentence per kind: what it is and when it comes, so a switch is turned knowingly. */
export const KIND_DESCRIPTIONS: Record<NotificationKind, string> = {
  confirmations: 'Quand vous prenez un créneau ou proposez une aide\u00a0: le récapitulatif, à ajouter à votre agenda.',
  reminders: 'La veille au soir de chacun de vos créneaux (et une heure avant, en notification).',
  new_slots:
    'Quand un de vos villages a des créneaux à pourvoir\u00a0: un e-mail par jour au plus, et tout de suite quand quelqu’un cherche à se faire remplacer.',
  chat: "Les messages que vous n'avez pas lus, quand vous n'avez pas ouvert le village depuis quelques heures.",
  weekly_summary:
    'Le dimanche soir, pour les villages que vous organisez\u00a0: la semaine à venir, ce qui est couvert et ce qui reste à pourvoir.',
  news: 'Quand une nouvelle est publiée dans un de vos villages (plusieurs en une heure arrivent ensemble).',
  thanks: 'Quand on vous remercie pour une aide que vous avez donnée, avec son mot s’il y en a un.',
  gaps: 'Quand un créneau des jours qui viennent n’a encore personne\u00a0: une fois par jour au plus. Activé d’office pour les villages que vous organisez.',
  nudges:
    'Si vous n’avez pris aucun créneau depuis un mois alors que votre village en a à pourvoir\u00a0: un petit mot, une fois par mois au plus.',
};

export const CHANNEL_LABELS = { email: 'Par e-mail', push: 'Par notification' } as const;
