/** The VAPID key comes as base64url text; `pushManager.subscribe` wants its bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Whether a subscription was made for this key: one made for an older key would never receive anything. */
export function sameKey(subscribedWith: ArrayBuffer | null | undefined, key: Uint8Array) {
  if (!subscribedWith || subscribedWith.byteLength !== key.byteLength) return false;
  const bytes = new Uint8Array(subscribedWith);
  return bytes.every((byte, i) => byte === key[i]);
}
