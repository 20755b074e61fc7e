// The card's styles (join-preview.css) come with the app's stylesheet (src/main.tsx), kept before the card's code has
// loaded: a join link's first load has them without one request more beside the entry's (`npm run bench:lighthouse`).

/** The join preview card's place while it loads (its code, then its answer): empty, and silent for screen readers. */
export function JoinPreviewSpace() {
  return <div className="join-preview join-preview-space" aria-hidden="true" />;
}
