import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** spec.md §9: a chunk that has not loaded after 120 s is treated as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** The error a page whose code did not arrive in time fails with. */
export const CHUNK_TIMEOUT_ERROR = "chunk_load_timeout";

type PageModule = { default: ComponentType };

/** A lazily loaded page that can start downloading before it renders (`preload()`). */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload(): void };

/** Settles like `promise`, or rejects with CHUNK_TIMEOUT_ERROR after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(CHUNK_TIMEOUT_ERROR)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A page loaded on first use. Pages of one area share a chunk when they import the area's index:
 * `lazyPage(() => import("./classrooms").then((m) => ({ default: m.ClassroomListPage })))`.
 * While it loads the layout shows a loading indicator in the page's place; a failure (or the 120 s
 * timeout) shows the error there too, with the sidebar kept (web/layout/AppLayout.tsx).
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  return Object.assign(
    lazy(() => withTimeout(load(), CHUNK_TIMEOUT_MS)),
    // The browser keeps one copy of a module: loading it early only saves the wait later.
    { preload: () => void load().catch(() => {}) },
  );
}
