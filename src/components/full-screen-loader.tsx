/** Shown while a page loads: a spinner that screen readers announce once. */
export function FullScreenLoader() {
  return (
    <div className="full-screen-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Chargement…</span>
    </div>
  );
}
