import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../common/roles";
import i18n from "../i18n";
import {
  jsonResponse,
  loginAs,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../test/render";
import { userEvent } from "../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const page = (data: unknown[]) =>
  jsonResponse(200, {
    data,
    meta: { total: data.length, per_page: data.length, current_page: 1, last_page: 1 },
  });

const long = "Un aviso muy largo ".repeat(30);

/** A server-sent events answer that sends `events` and stays open. */
function eventStream(events: string[], after: Promise<void>): Response {
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode("retry: 3000\n: connected\n\n"));
      await after;
      for (const e of events) controller.enqueue(new TextEncoder().encode(e));
    },
  });
  return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
}

describe("the bell", () => {
  it("clips the preview to two lines, dates it 'día/mes/año a las hh:mm', names the system; opening goes to `back` and marks it read", async () => {
    loginAs(Role.student);
    const read = new Set<number>();
    const fetch = mockFetch((url, init) => {
      if (url.startsWith("/api/notifications?"))
        return page(
          [
            {
              id: 7,
              content: long,
              attachment: null,
              created_at: "2026-11-24T09:05:00",
              sender: null,
              pivot: { read_at: null },
              type: 6,
              code: "payment_approved",
              back: "/profile",
            },
          ].filter((n) => !read.has(n.id)),
        );
      if (url === "/api/notifications/7/mark-as-read" && init.method === "PATCH") {
        read.add(7);
        return jsonResponse(200, {});
      }
    });
    const { router } = renderApp("/home");
    const bell = await screen.findByRole("button", { name: "Notificaciones" });
    await waitFor(() => expect(bell.closest("[class*=Indicator]") ?? document.body).toHaveTextContent("1"));
    await userEvent.click(bell);
    const [item] = await screen.findAllByTestId("notification-item");
    expect(item).toHaveTextContent("Sistema");
    expect(item).toHaveTextContent("24/11/2026 a las 09:05");
    const preview = within(item!).getByText(long.trim(), { exact: false });
    expect(preview).toHaveAttribute("data-line-clamp", "true");
    expect(preview.getAttribute("style")).toContain("--text-line-clamp: 2");
    await userEvent.click(within(item!).getByRole("button", { name: new RegExp(long.slice(0, 20)) }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(fetch.mock.calls.some(([url]) => url === "/api/notifications/7/mark-as-read")).toBe(true);
  });

  it("shows a new notification live: the stream's event refreshes the bell and shows a toast", async () => {
    loginAs(Role.student);
    let sent = false;
    let listed = () => {};
    const firstList = new Promise<void>((resolve) => {
      listed = resolve;
    });
    const fetch = mockFetch((url, init) => {
      if (url === "/api/notifications/stream") {
        expect(new Headers(init.headers).get("Authorization")).toMatch(/^Bearer /);
        return eventStream(
          [
            `event: notification\ndata: ${JSON.stringify({ id: 9, content: "Mañana no hay clases", back: null })}\n\n`,
          ],
          firstList.then(() => {
            sent = true;
          }),
        );
      }
      if (url.startsWith("/api/notifications?")) {
        setTimeout(listed, 10);
        return page(
          sent
            ? [
                {
                  id: 9,
                  content: "Mañana no hay clases",
                  attachment: null,
                  created_at: "2026-11-24T10:00:00",
                  sender: { name: "Dirección", email: "d@x.co", profile_picture: null },
                  pivot: { read_at: null },
                  type: 8,
                },
              ]
            : [],
        );
      }
    });
    renderApp("/home");
    await waitFor(() =>
      expect(shownNotifications()).toContainEqual(
        expect.objectContaining({ title: "Nueva notificación", message: "Mañana no hay clases" }),
      ),
    );
    await waitFor(() =>
      expect(
        fetch.mock.calls.filter(([url]) => String(url).startsWith("/api/notifications?")).length,
      ).toBeGreaterThan(1),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Notificaciones" }));
    expect(await screen.findByText("Mañana no hay clases", { selector: "p" })).toBeInTheDocument();
  });

  it("shows a system notification in the reader's language (English), a person's message as sent", async () => {
    loginAs(Role.student);
    await i18n.changeLanguage("en");
    mockFetch((url) => {
      if (url.startsWith("/api/notifications?"))
        return page([
          {
            id: 11,
            content:
              "Su constancia de notas está lista: la enviamos a su correo y puede descargarla en Solicitudes de documentos.",
            attachment: null,
            created_at: "2026-11-24T09:05:00",
            sender: null,
            pivot: { read_at: null },
            type: 6,
            code: "document_ready",
            params: { document_type: 2, document_name: "Constancia de notas" },
            back: "/document-requests",
          },
          {
            id: 12,
            content: "Mañana no hay clases",
            attachment: null,
            created_at: "2026-11-24T08:00:00",
            sender: { name: "Dirección", email: "d@x.co", profile_picture: null },
            pivot: { read_at: null },
            type: 8,
            code: null,
            params: null,
            back: null,
          },
        ]);
    });
    renderApp("/home");
    await userEvent.click(await screen.findByRole("button", { name: "Notifications" }));
    const [system, person] = await screen.findAllByTestId("notification-item");
    expect(system).toHaveTextContent(
      "Your grades certificate is ready: we sent it to your e-mail and you can download it in Document requests.",
    );
    expect(system).toHaveTextContent("System");
    expect(person).toHaveTextContent("Mañana no hay clases");
  });
});
