import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, loginAs, mockFetch, resetAppState, shownNotifications } from "../../test/render";
import { userEvent } from "../../test/user-event";
import { renderWithProviders } from "../test-utils";
import type { DataTableColumn } from "./columns";
import { DataTable, type DataTableProps } from "./DataTable";

interface Room {
  id: number;
  code: string;
}

const columns: DataTableColumn<Room>[] = [{ accessor: "code", title: "Código", sortable: true }];

function setup(overrides: Partial<DataTableProps<Room>> = {}) {
  return renderWithProviders(
    <DataTable<Room>
      columns={columns}
      records={[{ id: 1, code: "A1" }]}
      total={1}
      page={3}
      limit={25}
      onPageChange={vi.fn()}
      onLimitChange={vi.fn()}
      {...overrides}
    />,
  );
}

const csvExport = {
  url: "/classrooms",
  params: { page: "3", limit: "25", search: "química", sort_by: "code,desc", enabled: "1" },
  filename: "aulas",
};

let saved: { href: string; download: string }[];

beforeEach(() => {
  resetAppState();
  loginAs(5);
  saved = [];
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: vi.fn(() => "blob:csv"), revokeObjectURL: vi.fn() }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute("href") ?? "", download: this.download });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("DataTable CSV and Excel export", () => {
  it("has no export button unless the list asks for one", () => {
    setup();
    expect(screen.queryByRole("button", { name: "Exportar CSV" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Exportar Excel" })).not.toBeInTheDocument();
  });

  it("offers Excel next to CSV: the same query as format=xlsx, saved as a dated .xlsx workbook", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 11, 31, 23, 30));
    const user = userEvent.setup();
    // The first bytes of a zip archive (an .xlsx workbook), kept as they come.
    const workbook = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]);
    const fetch = mockFetch(
      () =>
        new Response(workbook, {
          status: 200,
          headers: { "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
        }),
    );
    setup({ csvExport });
    const csvButton = screen.getByRole("button", { name: "Exportar CSV" });
    const excelButton = screen.getByRole("button", { name: "Exportar Excel" });
    // Side by side in one group.
    expect(csvButton.parentElement).toBe(excelButton.parentElement);
    await user.click(excelButton);

    await waitFor(() => expect(saved).toHaveLength(1));
    const [input, init = {}] = fetch.mock.calls[0]!;
    const url = new URL(String(input), "http://x");
    expect(url.pathname).toBe("/api/classrooms");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: "química",
      sort_by: "code,desc",
      enabled: "1",
      format: "xlsx",
    });
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer test-token");
    expect(headers.Accept).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(saved[0]!.download).toBe("aulas-2026-12-31.xlsx");
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([...workbook]);
    // Only the pressed button worked; both are ready again.
    expect(await screen.findByRole("button", { name: "Exportar Excel" })).not.toBeDisabled();
    expect(screen.getByRole("button", { name: "Exportar CSV" })).not.toBeDisabled();
  });

  it("downloads every row with the list's search, order and filters, with the session's token", async () => {
    // The file is named after the device's day: late on New Year's Eve, still the 31st.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 11, 31, 23, 30));
    const user = userEvent.setup();
    let finish: (r: Response) => void = () => {};
    const fetch = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
    );
    setup({ csvExport });
    await user.click(screen.getByRole("button", { name: "Exportar CSV" }));

    // Working: the button says so and cannot be pressed again.
    const busy = await screen.findByRole("button", { name: /Exportando/ });
    expect(busy).toHaveAttribute("aria-busy", "true");
    expect(busy).toBeDisabled();

    const [input, init = {}] = fetch.mock.calls[0]!;
    const url = new URL(String(input), "http://x");
    const query = url.searchParams;
    expect(url.pathname).toBe("/api/classrooms");
    expect(Object.fromEntries(query)).toEqual({
      search: "química",
      sort_by: "code,desc",
      enabled: "1",
      format: "csv",
    });
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer test-token");

    finish(
      new Response("\uFEFFCódigo\r\nA1\r\n", {
        status: 200,
        headers: { "Content-Type": "text/csv; charset=utf-8" },
      }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.href).toBe("blob:csv");
    expect(saved[0]!.download).toBe("aulas-2026-12-31.csv");
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    // The file keeps the server's bytes, BOM included (Blob.text() would drop it).
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe("Código\r\nA1\r\n");
    expect(await screen.findByRole("button", { name: "Exportar CSV" })).not.toBeDisabled();
  });

  it("says in a Spanish toast when the export fails, and saves nothing", async () => {
    const user = userEvent.setup();
    mockFetch(() => jsonResponse(500, { message: "server_error" }));
    setup({ csvExport });
    await user.click(screen.getByRole("button", { name: "Exportar CSV" }));
    await waitFor(() =>
      expect(shownNotifications()).toContainEqual(
        expect.objectContaining({ title: "No se pudo exportar el listado", color: "red" }),
      ),
    );
    expect(saved).toEqual([]);
    expect(screen.getByRole("button", { name: "Exportar CSV" })).not.toBeDisabled();
  });

  it("shows the server's reason when it gives one", async () => {
    const user = userEvent.setup();
    mockFetch(() =>
      jsonResponse(422, { message: "validation_failed", description: "El campo ordenar por no es válido." }),
    );
    setup({ csvExport });
    await user.click(screen.getByRole("button", { name: "Exportar CSV" }));
    await waitFor(() =>
      expect(shownNotifications()).toContainEqual(
        expect.objectContaining({
          title: "No se pudo exportar el listado",
          message: "El campo ordenar por no es válido.",
        }),
      ),
    );
  });
});
