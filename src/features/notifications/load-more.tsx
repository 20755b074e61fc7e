import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * The next page of news: loaded when the end of the list scrolls into view, or with the button (keyboard,
 * screen readers, browsers without IntersectionObserver). `onLoad` is ignored while a page is on its way.
 */
export function LoadMore({ busy, onLoad }: { busy: boolean; onLoad: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const latest = useRef(onLoad);
  // Written after each commit, not during render (a render may be thrown away); a layout effect so that the
  // observer, which fires later, always calls the latest `onLoad`.
  useLayoutEffect(() => {
    latest.current = onLoad;
  });

  useEffect(() => {
    const target = button.current;
    if (busy || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [busy]);

  return (
    <div className="feed-more">
      <button ref={button} type="button" className="secondary" aria-busy={busy} onClick={() => !busy && onLoad()}>
        {busy ? 'Chargement…' : 'Voir plus'}
      </button>
    </div>
  );
}
