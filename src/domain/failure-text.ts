import { type ApiFailure, OFFLINE_MESSAGE, UNEXPECTED_MESSAGE } from '../api/failure';
import { FetchFailed } from '../api/transport';

/** What a failed network read throws: screens tell an offline device from a refusal by its status. */
export { FetchFailed };

export const isOfflineError = (error: unknown) => error instanceof FetchFailed && error.status === 'offline';

/** The French sentence shown for a failed call that no field explains. */
export function failureText(failure: ApiFailure): string {
  if (failure.kind === 'offline') return OFFLINE_MESSAGE;
  if (failure.kind === 'unexpected-answer') return UNEXPECTED_MESSAGE;
  return failure.message || UNEXPECTED_MESSAGE;
}
