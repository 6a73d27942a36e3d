import { QueryClient } from "@tanstack/react-query";
import { fieldErrorStore } from "./field-errors";
import { cancelPendingRequests } from "./pending";

/** Query `meta` flag for queries that survive route changes (the notification bell). */
export type AppQueryMeta = { keepOnNavigation?: boolean };

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The client already tells the user about failures; retrying would repeat the toast.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * What every route change does (spec.md §2): clear server field errors and cancel pending requests,
 * both TanStack queries (their AbortSignal reaches fetch) and plain client calls.
 */
export function onRouteChange(queryClient: QueryClient): void {
  fieldErrorStore.clear();
  void queryClient.cancelQueries({
    predicate: (query) => (query.meta as AppQueryMeta | undefined)?.keepOnNavigation !== true,
  });
  cancelPendingRequests();
}
