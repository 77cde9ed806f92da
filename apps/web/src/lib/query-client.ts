import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api } from './api-client';

/** Default reads: the URL is the query key's parts joined by "/". */
const defaultQueryFn: QueryFunction = ({ queryKey }) => api.get(queryKey.join('/'));

/** The client data cache: never retry, never refetch on an interval or on focus, data never goes stale by itself. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
