// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askForPersistentStorage, STORAGE_PERSISTED_KEY, storageProtection } from './persistent-storage';

const storage = (persisted: boolean, persist: boolean | Error) => ({
  persisted: vi.fn(async () => persisted),
  persist: vi.fn(async () => {
    if (persist instanceof Error) throw persist;
    return persist;
  }),
});

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('asking for persistent storage', () => {
  it('keeps the browser’s yes with its date', async () => {
    vi.stubGlobal('navigator', { storage: storage(false, true) });
    expect(await askForPersistentStorage()).toBe(true);
    const kept = storageProtection();
    expect(kept).toMatchObject({ granted: true, supported: true, standalone: false });
    expect(Date.now() - Date.parse(kept!.at)).toBeLessThan(5000);
  });

  it('does not ask again once granted', async () => {
    const api = storage(true, false);
    vi.stubGlobal('navigator', { storage: api });
    expect(await askForPersistentStorage()).toBe(true);
    expect(api.persist).not.toHaveBeenCalled();
  });

  it('keeps a refusal or a failure as not granted', async () => {
    vi.stubGlobal('navigator', { storage: storage(false, false) });
    expect(await askForPersistentStorage()).toBe(false);
    expect(storageProtection()?.granted).toBe(false);
    vi.stubGlobal('navigator', { storage: storage(false, new Error('refused')) });
    expect(await askForPersistentStorage()).toBe(false);
    expect(storageProtection()).toMatchObject({ granted: false, supported: true });
  });

  it('says where the API is missing (WebKit), and that the app was opened from the home screen', async () => {
    vi.stubGlobal('navigator', { standalone: true });
    expect(await askForPersistentStorage()).toBe(false);
    expect(storageProtection()).toMatchObject({ granted: false, supported: false, standalone: true });
  });

  it('answers null when never asked or when the record is damaged', () => {
    expect(storageProtection()).toBeNull();
    localStorage.setItem(STORAGE_PERSISTED_KEY, '{');
    expect(storageProtection()).toBeNull();
  });
});
