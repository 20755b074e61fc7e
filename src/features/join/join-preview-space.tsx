// The card's styles come with its place, so that the space is kept before the card's own code has loaded.
import './join-preview.css';

/** The join preview card's place while it loads (its code, then its answer): empty, and silent for screen readers. */
export function JoinPreviewSpace() {
  return <div className="join-preview join-preview-space" aria-hidden="true" />;
}
