/**
 * Which home-screen guidance this browser needs, read from what it says of itself. Safari on iOS and Firefox
 * on Android make no install offer (no `beforeinstallprompt`), so the app explains the browser's own menu
 * instead: on an iPhone, being on the home screen is what brings Web Push and keeps Safari from erasing the
 * site's storage after seven days without a visit.
 */
export type HomeScreenGuide =
  /** Safari on iPhone or iPad: Partager, then « Sur l'écran d'accueil ». */
  | 'ios-safari'
  /** Another iOS browser (Chrome, Firefox, Edge…): since iOS 16.4 their share menu adds to the home screen too. */
  | 'ios-other-browser'
  /** Firefox on Android: menu ⋮, then « Installer » / « Ajouter à l'écran d'accueil ». */
  | 'android-firefox';

export interface DeviceTraits {
  userAgent: string;
  /** `navigator.maxTouchPoints`: an iPad since iPadOS 13 says it is a Mac, but a Mac has no touch screen. */
  maxTouchPoints: number;
  /** Safari's `navigator.standalone`: true when opened from the home screen, undefined elsewhere. */
  standalone: boolean | undefined;
  /** `(display-mode: standalone)`: the installed app, in any browser that knows display modes. */
  displayStandalone: boolean;
}

/** iOS browsers other than Safari name themselves; all run WebKit and share iOS's share sheet. */
const OTHER_IOS_BROWSER = /\b(CriOS|FxiOS|EdgiOS|OPiOS|OPT|YaBrowser|DuckDuckGo|GSA)\//;

/** The iOS version in "iPhone OS 17_2 like Mac OS X"; absent from an iPad's desktop user agent. */
function iosVersion(userAgent: string): number | null {
  const match = /\bOS (\d+)[_.](\d+)/.exec(userAgent);
  return match ? Number(match[1]) + Number(match[2]) / 100 : null;
}

export function homeScreenGuide(device: DeviceTraits): HomeScreenGuide | null {
  if (device.standalone === true || device.displayStandalone) return null;
  const ua = device.userAgent;
  const ios = /\b(iPhone|iPad|iPod)\b/.test(ua) || (/\bMacintosh\b/.test(ua) && device.maxTouchPoints > 1);
  if (ios) {
    // In-app browsers (Instagram, Facebook, a mail app's web view) drop the "Safari/" token and have no share
    // menu that adds to the home screen: guiding there would send the person looking for a button that is not there.
    if (!/\bSafari\//.test(ua)) return null;
    if (!OTHER_IOS_BROWSER.test(ua)) return 'ios-safari';
    // Before iOS 16.4 only Safari could add a site to the home screen (WebKit's "Web Push for Web Apps on iOS").
    const version = iosVersion(ua);
    return version === null || version >= 16.04 ? 'ios-other-browser' : null;
  }
  if (/\bAndroid\b/.test(ua) && /\bFirefox\//.test(ua)) return 'android-firefox';
  return null;
}

/** This browser's traits, read when asked (the display mode can change once the app is installed). */
export function currentDevice(): DeviceTraits {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone: (navigator as Navigator & { standalone?: boolean }).standalone,
    displayStandalone: typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches,
  };
}
