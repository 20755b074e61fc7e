import { useIsLoading } from '../api/loading';

/**
 * The global loading indicator: a thin bar while any request is under way. Seen, not read out: it comes and
 * goes with every background request (pulls, the live connection), which a screen reader would announce as
 * noise, outside any landmark (axe's "region" rule); each screen says in words what it is waiting for.
 */
export function LoadingBar() {
  const loading = useIsLoading();
  return <div className={loading ? 'loading-bar active' : 'loading-bar'} aria-hidden="true" />;
}
