import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** spec.md §9: a chunk that has not loaded after 120 s is treated as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

type PageModule = { default: ComponentType };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("chunk_load_timeout")), ms);
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
 */
export function lazyPage(load: () => Promise<PageModule>): LazyExoticComponent<ComponentType> {
  return lazy(() => withTimeout(load(), CHUNK_TIMEOUT_MS));
}
