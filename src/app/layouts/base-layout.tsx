import { SignedInHeader } from './signed-in-header';
import { PageWithMenu } from './page-with-menu';

/** Signed-in pages outside a village (home, joining a village): the header, the side menu, the page. */
export function BaseLayout() {
  return (
    <div className="layout-base">
      <SignedInHeader />
      <PageWithMenu />
    </div>
  );
}
