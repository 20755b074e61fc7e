/**
 * Opened from the home screen or as an installed app: Safari's `navigator.standalone`, or the display mode any
 * other browser reports. Apart from home-screen-device.ts so that the first screen, which asks it at start
 * (install-prompt.ts), does not carry the reading of user agents.
 */
export function runningStandalone(): boolean {
  if ((navigator as Navigator & { standalone?: boolean }).standalone === true) return true;
  return typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
}
