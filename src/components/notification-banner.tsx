import { useEffect } from 'react';
import { NOTIFICATION_DISPLAY_MS, notificationStore, useCurrentNotification } from '../state/notification-banner';
import './root-ui.css';

/** The transient banner: the current notification for NOTIFICATION_DISPLAY_MS, then the next one. */
export function NotificationBanner() {
  const current = useCurrentNotification();
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => notificationStore.expire(current.id), NOTIFICATION_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [current]);
  return (
    <div role="status" aria-live="polite" aria-label="Notification">
      {current ? (
        <div className="notification-banner" key={current.id}>
          <p>{current.text}</p>
        </div>
      ) : null}
    </div>
  );
}
