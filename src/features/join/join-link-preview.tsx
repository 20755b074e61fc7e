import { lazy, Suspense } from 'react';
import { joinCodeOf, joinInvitationOf } from './join-code';
import { JoinPreviewSpace } from './join-preview-space';

// Only a visitor who came from a join link loads the card: the first screen stays as light as it was.
const JoinPreviewCard = lazy(() => import('./join-preview-card'));

/** On the sign-in pages: where the join link that brought the visitor leads, when one did. */
export function JoinLinkPreview({ redirect }: { redirect: string | undefined }) {
  const code = joinCodeOf(redirect);
  if (!code) return null;
  return (
    <Suspense fallback={<JoinPreviewSpace />}>
      <JoinPreviewCard code={code} invitation={joinInvitationOf(redirect)} />
    </Suspense>
  );
}
