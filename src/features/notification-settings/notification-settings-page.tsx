import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { User } from '../../contract';
import { NOTIFICATION_KINDS, type NotificationSettings } from '../../contract/notification-settings';
import { useCurrentUser } from '../../session/current-user';
import { isPushOnForUser } from '../../domain/push/push-device';
import { PushSettings } from '../../components/push-settings/push-settings';
import { changeNotificationSettings } from '../../domain/notification-settings/actions';
import { CHANNEL_LABELS, KIND_DESCRIPTIONS, KIND_LABELS } from '../../domain/notification-settings/kind-texts';
import { MutedVillages } from './muted-villages';
import type { NotificationSettingsChange } from '../../domain/notification-settings/mutations/update-notification-settings';
import { notificationSettingsQuery } from '../../domain/notification-settings/notification-settings-query';
import { SwitchField } from './switch-field';
import { useSaveStatus } from '../../domain/notification-settings/use-save-status';
import './notification-settings.css';

export const PUSH_SCOPE_TEXT =
  'Les choix «\u00a0Par notification\u00a0» valent pour tous vos appareils où les notifications sont activées.';
export const UNVERIFIED_TEXT =
  "Votre adresse e-mail n'est pas encore vérifiée\u00a0: en attendant, vous ne recevez que les e-mails de vérification et de mot de passe oublié.";

/** `/account/notifications`: what one is told, per kind and channel, and the villages muted. */
export function NotificationSettingsPage() {
  const user = useCurrentUser();
  return (
    // Not a named region: the push activation below is one called "Notifications" already.
    <div className="notification-settings">
      <h1>Notifications</h1>
      <p>Choisissez ce que vous recevez, par e-mail et en notification. Chaque choix est enregistré aussitôt.</p>
      {user === undefined ? <p role="status">Chargement…</p> : null}
      {user ? <SettingsForm user={user} /> : null}
    </div>
  );
}

function SettingsForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const query = useQuery(notificationSettingsQuery(user.id));
  const status = useSaveStatus(user.id);
  const [storageError, setStorageError] = useState<string | null>(null);
  const pushNoteId = useId();
  const settings = query.data;

  const change = async (next: NotificationSettingsChange) => {
    const written = await status.track(() => changeNotificationSettings(queryClient, user.id, next));
    setStorageError(written.ok ? null : written.message);
  };

  return (
    <>
      {/* Always there, so screen readers hear each change of state. */}
      <p role="status" className="settings-status">
        {status.text}
      </p>
      {storageError ? (
        <p role="alert" className="form-alert">
          {storageError}
        </p>
      ) : null}
      {user.email_verified_at ? null : <p className="notice">{UNVERIFIED_TEXT}</p>}

      <PushOnThisDevice userId={user.id} noteId={pushNoteId} />

      {settings ? (
        <SettingsSwitches settings={settings} pushNoteId={pushNoteId} onChange={(next) => void change(next)} />
      ) : query.isError ? (
        <p role="alert" className="form-alert">
          Vos réglages ne peuvent pas être affichés pour le moment&nbsp;: {query.error.message}
        </p>
      ) : (
        <p role="status">Chargement de vos réglages…</p>
      )}
    </>
  );
}

/**
 * Honest about this device: the push switches are the account's, so they only matter here once push is on
 * here. When it is not, the activation from the account page is offered in place.
 */
function PushOnThisDevice({ userId, noteId }: { userId: string; noteId: string }) {
  // Read once: after turning push on below, that component says so itself.
  const [onHere] = useState(() => isPushOnForUser(userId));
  return (
    <div className="settings-device">
      {onHere ? (
        <>
          <h2>Sur cet appareil</h2>
          <p>Les notifications sont activées sur cet appareil.</p>
        </>
      ) : (
        <PushSettings emailChoicesHere />
      )}
      <p id={noteId} className="field-hint">
        {PUSH_SCOPE_TEXT}
      </p>
    </div>
  );
}

interface SwitchesProps {
  settings: NotificationSettings;
  pushNoteId: string;
  onChange(change: NotificationSettingsChange): void;
}

function SettingsSwitches({ settings, pushNoteId, onChange }: SwitchesProps) {
  const baseId = useId();
  return (
    <>
      <h2>Ce que vous recevez</h2>
      {NOTIFICATION_KINDS.map((kind) => {
        const descriptionId = `${baseId}-${kind}`;
        return (
          <fieldset key={kind} className="settings-kind">
            <legend>{KIND_LABELS[kind]}</legend>
            <p id={descriptionId} className="field-hint">
              {KIND_DESCRIPTIONS[kind]}
            </p>
            <SwitchField
              label={CHANNEL_LABELS.email}
              checked={settings.email[kind]}
              describedBy={descriptionId}
              onChange={(on) => onChange({ change: 'switch', channel: 'email', kind, on })}
            />
            <SwitchField
              label={CHANNEL_LABELS.push}
              checked={settings.push[kind]}
              describedBy={`${descriptionId} ${pushNoteId}`}
              onChange={(on) => onChange({ change: 'switch', channel: 'push', kind, on })}
            />
          </fieldset>
        );
      })}
      <MutedVillages
        mutedIds={settings.muted_village_ids}
        onMute={(village, muted) => {
          const others = settings.muted_village_ids.filter((id) => id !== village.id.toLowerCase());
          const muted_village_ids = muted ? [...others, village.id.toLowerCase()] : others;
          onChange({ change: 'mute', village_id: village.id, village_name: village.name, muted, muted_village_ids });
        }}
      />
    </>
  );
}
