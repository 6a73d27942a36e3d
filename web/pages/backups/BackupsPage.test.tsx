import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { BackupStatus } from "../../api/backups";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";
import { backupPercent, formatBytes } from "./backup-format";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const older = {
  name: "aula-backup-2026-11-22T03-00-00Z.tar.gz",
  size: 65_474,
  created_at: "2026-11-22T03:00:05.000Z",
};
const newer = {
  name: "aula-backup-2026-11-23T12-00-00Z.tar.gz",
  size: 3_250_585,
  created_at: "2026-11-23T12:00:09.000Z",
};

const status = (over: Partial<BackupStatus> = {}): BackupStatus => ({
  archives: [older],
  last: older,
  running: false,
  progress: null,
  last_error: null,
  every_hours: 24,
  keep: 7,
  ...over,
});

const backupCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? "GET"} ${String(url)}`)
    .filter((call) => call.includes("/api/backups"));

describe("backups page", () => {
  it("shows the last backup's time and size, the schedule and the kept archives", async () => {
    loginAs(Role.admin);
    mockFetch((url) => (url === "/api/backups" ? jsonResponse(200, { data: status() }) : undefined));
    renderApp("/backups");
    expect(await screen.findByRole("heading", { name: "Copias de seguridad" })).toBeInTheDocument();
    expect(await screen.findByTestId("backup-last")).toHaveTextContent(/^2\d\/11\/2026 \d\d:\d\d · 63,9 KB$/);
    expect(screen.getByText(/cada 24 horas; se conservan las 7 más recientes/)).toBeInTheDocument();
    const rows = within(screen.getByRole("table", { name: "Copias guardadas" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent(older.name);
  });

  it("'Crear copia ahora' starts a backup, shows its progress and lists it when done", async () => {
    loginAs(Role.god);
    let calls = 0;
    const fetch = mockFetch((url, init) => {
      if (url !== "/api/backups") return undefined;
      if (init?.method === "POST") {
        return jsonResponse(202, {
          data: status({ running: true, progress: { phase: "tables", done: 0, total: 40 } }),
        });
      }
      calls++;
      if (calls === 1)
        return jsonResponse(200, { data: status({ last_error: "No queda espacio en el disco" }) });
      if (calls === 2)
        return jsonResponse(200, {
          data: status({ running: true, progress: { phase: "files", done: 1, total: 2 } }),
        });
      return jsonResponse(200, { data: status({ archives: [newer, older], last: newer }) });
    });
    renderApp("/backups");
    expect(await screen.findByText("No queda espacio en el disco")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Crear copia ahora" }));
    expect(await screen.findByText("Creando la copia de seguridad…")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Crear copia ahora" })).toBeDisabled();
    // The page polls while the backup runs, then shows the new archive as the last one.
    await waitFor(() => expect(screen.getByTestId("backup-last")).toHaveTextContent("3,1 MB"), {
      timeout: 5000,
    });
    expect(screen.queryByText("Creando la copia de seguridad…")).not.toBeInTheDocument();
    const rows = within(screen.getByRole("table", { name: "Copias guardadas" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining(newer.name),
      expect.stringContaining(older.name),
    ]);
    expect(backupCalls(fetch).filter((c) => c.startsWith("POST"))).toHaveLength(1);
  });

  it("is reached from the user menu by administrators", async () => {
    loginAs(Role.admin);
    mockFetch((url) =>
      url === "/api/backups" ? jsonResponse(200, { data: status({ archives: [], last: null }) }) : undefined,
    );
    const { router } = renderApp("/home");
    await userEvent.click(await screen.findByRole("button", { name: "Menú de usuario" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Copias de seguridad" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/backups"));
    expect(await screen.findByText("Todavía no hay copias de seguridad.")).toBeInTheDocument();
    expect(screen.getByText("No hay copias guardadas.")).toBeInTheDocument();
  });

  it("stays closed to an assistant: no menu item, and the route shows 'Acceso denegado'", async () => {
    loginAs(Role.lowAdmin);
    const fetch = mockFetch();
    const { router } = renderApp("/home");
    await userEvent.click(await screen.findByRole("button", { name: "Menú de usuario" }));
    expect(await screen.findByRole("menuitem", { name: "Perfil" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Copias de seguridad" })).not.toBeInTheDocument();
    await router.navigate("/backups");
    expect(await screen.findByRole("dialog", { name: "Acceso denegado" })).toBeInTheDocument();
    expect(backupCalls(fetch)).toEqual([]);
  });
});

describe("backup formatting", () => {
  it("writes sizes in base 1024 with the language's decimals, and progress as a share", () => {
    expect(formatBytes(812)).toBe("812 B");
    expect(formatBytes(65_474)).toBe("63,9 KB");
    expect(formatBytes(3_250_585, "en")).toBe("3.1 MB");
    expect(backupPercent(null)).toBe(0);
    expect(backupPercent({ phase: "tables", done: 20, total: 40 })).toBe(40);
    expect(backupPercent({ phase: "files", done: 1, total: 2 })).toBe(90);
    expect(backupPercent({ phase: "done", done: 1, total: 1 })).toBe(100);
  });
});
