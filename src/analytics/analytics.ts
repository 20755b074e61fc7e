/**
 * The analytics module's interface, used by the features. Its Amplitude implementation (EU zone, consent,
 * session timeout) is being written in this same module by the analytics work of issue 3.
 */
export type AnalyticsEvent = 'app-opened' | 'logout' | 'delete_account';

export function track(event: AnalyticsEvent, properties?: Record<string, unknown>): void {
  void event;
  void properties;
}
