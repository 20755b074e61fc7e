import { useDeferredValue, useRef } from 'react';
import { useTabBarHeight } from './use-tab-bar-height';
import { SignedInHeader } from './signed-in-header';
import { VillageNav } from '../../features/village-nav/village-nav';
import { VillageTitleLine } from '../../features/village-nav/village-title-line';
import { PageWithMenu } from './page-with-menu';
import { LiveVillage } from '../../features/village-nav/live-village';
import { ClosedVillageNotice } from '../../features/village-nav/closed-village-notice';
import { EvictionNotice } from '../../components/eviction-notice/eviction-notice';
import { LazyHomeScreenSheet } from '../../pwa/lazy-home-screen-sheet';
import { PasskeyOffer } from '../../components/passkeys/passkey-offer';

/** A village's pages: the header, the village's areas, then the side menu (a drawer on phones) and the page. */
export function DashboardLayout() {
  const layout = useRef<HTMLDivElement>(null);
  useTabBarHeight(layout);
  // What has nothing to show in the first frame comes in a deferred render after it: the router shows an address
  // in one synchronous render, whose effects (here a live connection and an import) ran in the same long task
  // (bench:lighthouse's Total Blocking Time).
  const afterFirstFrame = useDeferredValue(true, false);
  return (
    <div ref={layout} className="layout-dashboard">
      <SignedInHeader>
        <VillageTitleLine />
      </SignedInHeader>
      <EvictionNotice />
      <PasskeyOffer />
      <VillageNav />
      {afterFirstFrame && <LiveVillage />}
      <ClosedVillageNotice />
      <PageWithMenu />
      {/* Here, not with the root's banners: only a village's pages offer it, and the first screen stays lighter. */}
      {afterFirstFrame && <LazyHomeScreenSheet />}
    </div>
  );
}
