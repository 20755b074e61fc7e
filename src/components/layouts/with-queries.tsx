import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../state/query-client';

/**
 * A signed-in layout inside the query client. Only these layouts fetch through TanStack Query: keeping the
 * provider out of the root keeps its code off the sign-in screens (the first screen's size budget).
 */
export function withQueries(Layout: ComponentType) {
  return function LayoutWithQueries() {
    return (
      <QueryClientProvider client={queryClient}>
        <Layout />
      </QueryClientProvider>
    );
  };
}
