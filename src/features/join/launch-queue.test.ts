import { describe, expect, it, vi } from 'vitest';
import { appHrefOf, consumeLaunches } from './launch-queue';

const ORIGIN = 'https://village.example';

describe('a launch of the installed app', () => {
  it('keeps the in-app address of a same-origin page', () => {
    expect(appHrefOf(`${ORIGIN}/join/village?c=ABCD2345&rli=jv`, ORIGIN)).toBe('/join/village?c=ABCD2345&rli=jv');
  });

  it('ignores other sites, the API and files', () => {
    expect(appHrefOf('https://elsewhere.example/join/village?c=ABCD2345', ORIGIN)).toBeNull();
    expect(appHrefOf(`${ORIGIN}/v1/villages`, ORIGIN)).toBeNull();
    expect(appHrefOf(`${ORIGIN}/uploads/photo.webp`, ORIGIN)).toBeNull();
    expect(appHrefOf('not a url', ORIGIN)).toBeNull();
    expect(appHrefOf(undefined, ORIGIN)).toBeNull();
  });

  it('routes a launched join link in the running window, unless it is already shown', () => {
    let consumer: ((params: { targetURL?: string }) => void) | undefined;
    const win = {
      launchQueue: { setConsumer: (c: typeof consumer) => void (consumer = c) },
      location: { origin: ORIGIN, pathname: '/dashboard/villages', search: '', hash: '' },
    } as unknown as Window;
    const router = { navigate: vi.fn() };
    consumeLaunches(router, win);
    consumer!({ targetURL: `${ORIGIN}/join/village?c=ABCD2345&rli=jv` });
    expect(router.navigate).toHaveBeenCalledWith({ href: '/join/village?c=ABCD2345&rli=jv' });

    router.navigate.mockClear();
    consumer!({ targetURL: `${ORIGIN}/dashboard/villages` });
    consumer!({ targetURL: 'https://elsewhere.example/' });
    expect(router.navigate).not.toHaveBeenCalled();
  });

  it('does nothing where the browser has no launch queue', () => {
    expect(() => consumeLaunches({ navigate: vi.fn() }, { location: { origin: ORIGIN } } as unknown as Window)).not.toThrow();
  });
});
