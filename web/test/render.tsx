import { notificationsStore } from "@mantine/notifications";
import type { QueryClient } from "@tanstack/react-query";
import { act, type RenderResult, render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { Role, type RoleNumber } from "../../common/roles";
import { permissionsFor } from "../../common/session";
import { createQueryClient } from "../api/query-client";
import { AppModalsProvider } from "../modals-provider";
import { AppProviders } from "../providers";
import { createTestRouter } from "../router";
import { sessionStore } from "../session/store";
import type { SessionUser } from "../session/types";

/** A session user of a role, with names; `overrides` replace any field. */
export function makeUser(type: RoleNumber, overrides: Partial<SessionUser> = {}): SessionUser {
  const person = { id: 10, first_name: "Ana María", last_name: "Pérez", email: "ana@example.com" };
  const isStaff = type === Role.teacher || type === Role.coordinator;
  return {
    id: 1,
    type,
    name: type >= Role.lowAdmin ? "Carlos Administrador" : "Ana María Pérez",
    email: type >= Role.lowAdmin ? "admin@example.com" : person.email,
    profile_picture: null,
    permissions: permissionsFor(type),
    student: type === Role.student ? { ...person, gender: "female", latest_inscription: null } : null,
    teacher: isStaff
      ? { ...person, is_coordinator: type === Role.coordinator, specialization_id: null }
      : null,
    latest_inscription: null,
    ...overrides,
  };
}

/** Starts a session as a user of `type` (or the given user). */
export function loginAs(type: RoleNumber, overrides: Partial<SessionUser> = {}): SessionUser {
  const user = makeUser(type, overrides);
  sessionStore.start("test-token", new Date(Date.now() + 3_600_000).toISOString(), user);
  return user;
}

export { resetAppState } from "./app-state";

/** Texts of the toasts currently in the Mantine store (shown or queued). */
export function shownNotifications(): {
  title: string;
  message: string;
  color?: string;
  autoClose?: unknown;
}[] {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((n) => ({
    title: typeof n.title === "string" ? n.title : "",
    message: typeof n.message === "string" ? n.message : "",
    color: n.color,
    autoClose: n.autoClose,
  }));
}

export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient} env="test">
      {/* The app mounts it with the logged-in shell; components tested alone need it too. */}
      <AppModalsProvider>{children}</AppModalsProvider>
    </AppProviders>
  );
}

type Options = { route?: string; queryClient?: QueryClient };

/** Renders one component inside every provider and a MemoryRouter at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { route = "/", queryClient = createQueryClient() }: Options = {},
): RenderResult & { queryClient: QueryClient } {
  const result = render(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </TestProviders>,
  );
  return { ...result, queryClient };
}

/**
 * Renders the whole app (every route, guards, layout) in memory at `path` (or a history of entries,
 * the last one current). Returns the router to inspect `router.state.location`.
 */
export function renderApp(path: string | string[], { queryClient = createQueryClient() }: Options = {}) {
  const entries = Array.isArray(path) ? path : [path];
  const router = createTestRouter(queryClient, entries, entries.length - 1);
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, queryClient };
}

/** A fetch answer for `mockFetch`. */
export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  const hasBody = body !== undefined && status !== 204;
  return new Response(hasBody ? JSON.stringify(body) : null, {
    status,
    headers: hasBody ? { "Content-Type": "application/json", ...headers } : headers,
  });
}

type Handler = (url: string, init: RequestInit) => Response | undefined | Promise<Response | undefined>;

/** Replaces global fetch; unknown calls answer 404 route_not_found like the server. */
export function mockFetch(handler?: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (init.signal?.aborted) throw new DOMException("Aborted", "AbortError");
    const answer = handler ? await handler(url, init) : undefined;
    return answer ?? jsonResponse(404, { message: "route_not_found" });
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

/** Lets pending promises and timers of React settle. */
export async function flush(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
