import { vi } from "vitest";

type FakeTimerOptions = Parameters<typeof vi.useFakeTimers>[0];

/**
 * Fakes the timers for a test that also drives the UI. Testing Library only knows Jest's fake timers: its
 * `act` wrapper around every user-event action and its `waitFor` wait on a `setTimeout` that nothing would
 * run under Vitest's, and the test would hang. With a `jest.advanceTimersByTime` that moves Vitest's clock,
 * they run those timers themselves. Undo with `vi.useRealTimers()` and `vi.unstubAllGlobals()` (after each).
 */
export function useFakeTimersForUi(options?: FakeTimerOptions): void {
  vi.useFakeTimers(options);
  vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}
