import type { AnyRouter } from '@tanstack/react-router';
import type { FocusEvent, MouseEvent } from 'react';

/** What a plain `<a>` needs to lead to a need's helps as the router's own links do. */
export interface NeedHelpsLinkProps {
  href: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  onMouseEnter: (event: MouseEvent<HTMLAnchorElement>) => void;
  onFocus: (event: FocusEvent<HTMLAnchorElement>) => void;
}

const TO = '/dashboard/villages/$id/needs/$need_id/helps';

/**
 * The links of the planning's helps and slots to their need's helps, one per need rather than one per item:
 * a week of a busy village lists 400 helps, and the router's <Link> builds its location and subscribes to the
 * router's state for each (a third of the week's render in tests/bench/planning.ts). A plain click navigates
 * in the app, a modified one (new tab, new window) is left to the browser, and pointing or focusing preloads
 * the route as the router's `intent` preloading does.
 */
export function needHelpsLinks(router: AnyRouter, villageId: string) {
  const byNeed = new Map<string, NeedHelpsLinkProps>();
  return (needId: string): NeedHelpsLinkProps => {
    let props = byNeed.get(needId);
    if (props) return props;
    const target = { to: TO, params: { id: villageId, need_id: needId } };
    const preload = () => void router.preloadRoute(target).catch(() => undefined);
    props = {
      href: router.buildLocation(target).href,
      onClick: (event) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void router.navigate(target);
      },
      onMouseEnter: preload,
      onFocus: preload,
    };
    byNeed.set(needId, props);
    return props;
  };
}
