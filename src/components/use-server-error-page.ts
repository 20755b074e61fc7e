import { useEffect, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { onApiEvent } from '../api/client';

export interface ServerErrorPage {
  message: string;
  code: number;
}

/**
 * The spec's 500: where the call asked for it (`showErrorPage`), a full error page shows the body's message and code
 * (the server writes the status as the body's http_code). It replaces the page until the user goes
 * elsewhere: cleared when a navigation starts, so that a 500 in the next page's loader still shows.
 */
export function useServerErrorPage(): ServerErrorPage | null {
  const router = useRouter();
  const [error, setError] = useState<ServerErrorPage | null>(null);
  useEffect(() => onApiEvent('serverError', (failure) => setError({ message: failure.message, code: failure.status })), []);
  useEffect(() => router.subscribe('onBeforeNavigate', () => setError(null)), [router]);
  return error;
}
