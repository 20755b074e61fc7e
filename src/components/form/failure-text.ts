import { type ApiFailure, OFFLINE_MESSAGE, UNEXPECTED_MESSAGE } from '../../api/failure';

/** The French sentence shown for a failed call that no field explains. */
export function failureText(failure: ApiFailure): string {
  if (failure.kind === 'offline') return OFFLINE_MESSAGE;
  if (failure.kind === 'unexpected-answer') return UNEXPECTED_MESSAGE;
  return failure.message || UNEXPECTED_MESSAGE;
}
