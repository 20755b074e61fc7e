import { useIsLoading } from '../api/loading';

/** The global loading indicator: a thin bar while any request is under way. */
export function LoadingBar() {
  const loading = useIsLoading();
  return (
    <div
      className={loading ? 'loading-bar active' : 'loading-bar'}
      role="progressbar"
      aria-hidden={!loading}
      aria-label="Chargement en cours"
    />
  );
}
