import { useEffect, useSyncExternalStore } from "react";

/** One step of the header title; `to` makes it a link. */
export type Breadcrumb = { label: string; to?: string };

type Listener = () => void;
let current: readonly Breadcrumb[] = [];
const listeners = new Set<Listener>();

export const breadcrumbStore = {
  get: (): readonly Breadcrumb[] => current,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: readonly Breadcrumb[]) {
    current = next;
    for (const listener of listeners) listener();
  },
};

export function useBreadcrumbTrail(): readonly Breadcrumb[] {
  return useSyncExternalStore(breadcrumbStore.subscribe, breadcrumbStore.get, breadcrumbStore.get);
}

/**
 * Sets the header's breadcrumb title while the calling page is shown, e.g.
 * `useBreadcrumbs([{ label: t("classrooms.list.title"), to: "/classrooms" }, { label: code }, { label: t("classrooms.edit.title") }])`.
 * Items whose label is empty (data still loading) are skipped.
 */
export function useBreadcrumbs(items: readonly Breadcrumb[]): void {
  const key = JSON.stringify(items.filter((item) => item.label));
  useEffect(() => {
    const trail = JSON.parse(key) as Breadcrumb[];
    breadcrumbStore.set(trail);
    return () => {
      if (breadcrumbStore.get() === trail) breadcrumbStore.set([]);
    };
  }, [key]);
}
