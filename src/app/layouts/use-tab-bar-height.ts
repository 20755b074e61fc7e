import { useEffect, type RefObject } from 'react';

/**
 * Tells the page, the banners and the toasts how tall the tab bar is (--tab-bar-height on the root), so the
 * bottom area stacks in one order (tab bar, at most one banner above it, toasts above that) and the page
 * keeps its last item above all of it. Measured, not assumed: large text, the home indicator
 * (safe-area-inset-bottom) and the chat's unread count all change it. Zero when the bar is not at the bottom
 * (a wide screen puts it under the header) or not there (the villages list).
 */
export function useTabBarHeight(layout: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = layout.current;
    if (!root) return;
    const style = document.documentElement.style;
    let observed: Element | null = null;
    const measure = () => {
      const bar = root.querySelector<HTMLElement>(':scope > .village-nav');
      const atBottom = bar && getComputedStyle(bar).position === 'fixed';
      style.setProperty('--tab-bar-height', `${atBottom ? bar.offsetHeight : 0}px`);
      if (bar !== observed) {
        if (observed) sizes.unobserve(observed);
        if (bar) sizes.observe(bar);
        observed = bar;
      }
    };
    const sizes = new ResizeObserver(measure);
    // The bar comes and goes with the route (none on the villages list): watch the layout's own children.
    const children = new MutationObserver(measure);
    children.observe(root, { childList: true });
    window.addEventListener('resize', measure);
    measure();
    return () => {
      sizes.disconnect();
      children.disconnect();
      window.removeEventListener('resize', measure);
      style.removeProperty('--tab-bar-height');
    };
  }, [layout]);
}
