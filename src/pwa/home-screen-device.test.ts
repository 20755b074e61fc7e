import { describe, expect, it } from 'vitest';
import { homeScreenGuide, type DeviceTraits } from './home-screen-device';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  // iPadOS 13+ Safari asks for desktop sites: a Mac's user agent, told apart by its touch screen.
  ipadSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iphoneChromeOld:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/110.0.5481.83 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  iphoneInstagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

const device = (userAgent: string, traits: Partial<DeviceTraits> = {}): DeviceTraits => ({
  userAgent,
  maxTouchPoints: /iPhone|Android/.test(userAgent) ? 5 : 0,
  standalone: /iPhone|iPad|Macintosh/.test(userAgent) ? false : undefined,
  displayStandalone: false,
  ...traits,
});

describe('the home-screen guidance a browser needs', () => {
  it('is Safari’s share menu on an iPhone in a Safari tab', () => {
    expect(homeScreenGuide(device(UA.iphoneSafari))).toBe('ios-safari');
  });

  it('is none once opened from the home screen, whichever way the browser says so', () => {
    expect(homeScreenGuide(device(UA.iphoneSafari, { standalone: true }))).toBeNull();
    expect(homeScreenGuide(device(UA.iphoneSafari, { displayStandalone: true }))).toBeNull();
    expect(homeScreenGuide(device(UA.androidFirefox, { displayStandalone: true }))).toBeNull();
  });

  it('is Safari’s on an iPad that presents itself as a Mac, but none on a real Mac', () => {
    expect(homeScreenGuide(device(UA.ipadSafari, { maxTouchPoints: 5 }))).toBe('ios-safari');
    expect(homeScreenGuide(device(UA.macSafari, { maxTouchPoints: 0 }))).toBeNull();
  });

  it('is the share menu of Chrome or Firefox on iOS 16.4 and later, none before (only Safari could add then)', () => {
    expect(homeScreenGuide(device(UA.iphoneChrome))).toBe('ios-other-browser');
    expect(homeScreenGuide(device(UA.iphoneFirefox))).toBe('ios-other-browser');
    expect(homeScreenGuide(device(UA.iphoneChromeOld))).toBeNull();
  });

  it('is none in an app’s built-in browser, which has no way to the home screen', () => {
    expect(homeScreenGuide(device(UA.iphoneInstagram))).toBeNull();
  });

  it('is Firefox’s menu on Android, and none in Chrome for Android, which makes its own install offer', () => {
    expect(homeScreenGuide(device(UA.androidFirefox))).toBe('android-firefox');
    expect(homeScreenGuide(device(UA.androidChrome))).toBeNull();
  });

  it('is none on a desktop', () => {
    expect(homeScreenGuide(device(UA.windowsChrome))).toBeNull();
    expect(homeScreenGuide(device(UA.linuxFirefox))).toBeNull();
    expect(homeScreenGuide(device(UA.macSafari))).toBeNull();
  });
});
