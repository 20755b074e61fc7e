import { vi } from 'vitest';
import { base64UrlToBytes } from '../domain/push/vapid-key';

// For tests only: happy-dom has no service worker, PushManager nor Notification, so this browser is faked.

export const VAPID_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
export const OTHER_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
export const ENDPOINT = 'https://push.example.test/send/abc123';

export interface FakePushOptions {
  /** `Notification.permission` before any prompt. */
  permission?: NotificationPermission;
  /** What the prompt answers. */
  answer?: NotificationPermission;
  /** A subscription the browser already holds, made for this key. */
  existingKey?: string;
}

/** Installs the fakes; the returned object shows what the code did to them. `vi.unstubAllGlobals()` and `uninstall` undo it. */
export function installFakePush({ permission = 'default', answer = 'granted', existingKey }: FakePushOptions = {}) {
  const world = {
    permission,
    prompts: 0,
    subscription: null as FakeSubscription | null,
    subscribed: [] as { userVisibleOnly?: boolean; applicationServerKey?: unknown }[],
    unsubscribed: [] as string[],
  };

  class FakeSubscription {
    constructor(
      readonly endpoint: string,
      key: string,
    ) {
      this.options = { applicationServerKey: base64UrlToBytes(key).buffer, userVisibleOnly: true };
    }
    readonly options: { applicationServerKey: ArrayBuffer; userVisibleOnly: boolean };
    readonly expirationTime = null;
    async unsubscribe() {
      world.unsubscribed.push(this.endpoint);
      if (world.subscription === this) world.subscription = null;
      return true;
    }
    toJSON() {
      return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BPublicKeyOfTheBrowser_123', auth: 'authSecret-456' } };
    }
  }
  if (existingKey) world.subscription = new FakeSubscription(`${ENDPOINT}-old`, existingKey);

  const registration = {
    pushManager: {
      getSubscription: async () => world.subscription,
      subscribe: async (options: { userVisibleOnly?: boolean; applicationServerKey?: Uint8Array }) => {
        world.subscribed.push(options);
        const key = btoa(String.fromCharCode(...options.applicationServerKey!))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        world.subscription = new FakeSubscription(ENDPOINT, key);
        return world.subscription;
      },
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal(
    'Notification',
    class {
      static get permission() {
        return world.permission;
      }
      static async requestPermission() {
        world.prompts++;
        if (world.permission === 'default') world.permission = answer;
        return world.permission;
      }
    },
  );
  return world;
}

export function uninstallFakePush() {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  vi.unstubAllGlobals();
}
