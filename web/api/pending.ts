/** Controllers of the requests that a route change cancels. */
const pending = new Set<AbortController>();

export function trackRequest(controller: AbortController): () => void {
  pending.add(controller);
  return () => pending.delete(controller);
}

/** Aborts every cancellable request in flight (route change). */
export function cancelPendingRequests(): void {
  for (const controller of pending) controller.abort();
  pending.clear();
}

export function pendingRequestCount(): number {
  return pending.size;
}
