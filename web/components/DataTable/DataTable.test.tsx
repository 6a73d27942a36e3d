import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { userEvent } from "../../test/user-event";
import { renderWithProviders } from "../test-utils";
import { columnStorageKey } from "./column-visibility";
import type { DataTableColumn } from "./columns";
import { DataTable, type DataTableProps } from "./DataTable";
import { fitOrder } from "./fit-columns";

interface Room {
  id: number;
  code: string;
  description: string;
  max_capacity: number;
  state: string;
}

const rooms: Room[] = [
  { id: 1, code: "A1", description: "Planta baja", max_capacity: 30, state: "activa" },
  { id: 2, code: "B2", description: "Laboratorio", max_capacity: 20, state: "activa" },
];

const columns: DataTableColumn<Room>[] = [
  { accessor: "code", title: "Código", sortable: true },
  { accessor: "description", title: "Descripción" },
  { accessor: "max_capacity", title: "Capacidad", sortable: true, sortField: "capacity" },
  { accessor: "state", title: "Estado", hiddenByDefault: true },
];

function setup(overrides: Partial<DataTableProps<Room>> = {}) {
  const props: DataTableProps<Room> = {
    columns,
    records: rooms,
    total: 2,
    page: 1,
    limit: 10,
    search: "",
    sortBy: null,
    onPageChange: vi.fn(),
    onLimitChange: vi.fn(),
    onSearchChange: vi.fn(),
    onSortChange: vi.fn(),
    ...overrides,
  };
  const view = renderWithProviders(<DataTable {...props} />);
  return {
    props,
    ...view,
    rerenderWith: (next: Partial<DataTableProps<Room>>) => view.rerender(<DataTable {...props} {...next} />),
  };
}

const bodyRows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);
const headers = () =>
  Array.from(screen.getByRole("table").querySelectorAll("thead th")).map((th) => th.textContent?.trim());

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("DataTable", () => {
  it("shows the records and the actions cell in the last column", () => {
    setup({ actions: (room) => <button type="button">Ver {room.code}</button> });
    expect(headers()).toEqual(["Código", "Descripción", "Capacidad", "Acciones"]);
    const cells = within(bodyRows()[0]!).getAllByRole("cell");
    expect(cells.map((c) => c.textContent)).toEqual(["A1", "Planta baja", "30", "Ver A1"]);
    expect(within(cells[3]!).getByRole("button", { name: "Ver A1" })).toBeInTheDocument();
  });

  it("sends the search to the parent 400 ms after typing stops", () => {
    vi.useFakeTimers();
    const { props } = setup();
    const input = screen.getByPlaceholderText("Buscar...");
    fireEvent.change(input, { target: { value: "au" } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(input, { target: { value: " aula " } });
    act(() => vi.advanceTimersByTime(399));
    expect(props.onSearchChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(props.onSearchChange).toHaveBeenCalledTimes(1);
    expect(props.onSearchChange).toHaveBeenCalledWith("aula");
  });

  it("does not report a search that ends where it started", () => {
    vi.useFakeTimers();
    const { props } = setup({ search: "a" });
    const input = screen.getByPlaceholderText("Buscar...");
    expect(input).toHaveValue("a");
    fireEvent.change(input, { target: { value: "ab" } });
    fireEvent.change(input, { target: { value: "a" } });
    act(() => vi.advanceTimersByTime(1000));
    expect(props.onSearchChange).not.toHaveBeenCalled();
  });

  it("sorts ascending on the first click and toggles on the same column", async () => {
    const user = userEvent.setup();
    const { props, rerenderWith } = setup();
    await user.click(screen.getByText("Código"));
    expect(props.onSortChange).toHaveBeenLastCalledWith("code,asc");

    rerenderWith({ sortBy: "code,asc" });
    await user.click(screen.getByText("Código"));
    expect(props.onSortChange).toHaveBeenLastCalledWith("code,desc");

    rerenderWith({ sortBy: "code,desc" });
    await user.click(screen.getByText("Código"));
    expect(props.onSortChange).toHaveBeenLastCalledWith("code,asc");
  });

  it("starts another column ascending and uses its server sort field", async () => {
    const user = userEvent.setup();
    const { props } = setup({ sortBy: "code,desc" });
    await user.click(screen.getByText("Capacidad"));
    expect(props.onSortChange).toHaveBeenLastCalledWith("capacity,asc");
    await user.click(screen.getByText("Descripción"));
    expect(props.onSortChange).toHaveBeenCalledTimes(1);
  });

  it("hides and shows columns from the Columnas menu", async () => {
    const user = userEvent.setup();
    setup();
    expect(headers()).not.toContain("Estado");
    await user.click(screen.getByRole("button", { name: "Columnas" }));
    const description = screen.getByRole("checkbox", { name: "Descripción" });
    expect(description).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Estado" })).not.toBeChecked();

    await user.click(description);
    expect(headers()).not.toContain("Descripción");
    expect(screen.queryByText("Planta baja")).not.toBeInTheDocument();

    await user.click(screen.getByRole("checkbox", { name: "Estado" }));
    expect(headers()).toContain("Estado");
    expect(within(bodyRows()[0]!).getByText("activa")).toBeInTheDocument();
  });

  it("offers page sizes 5/10/15/20 and reports the chosen one", async () => {
    const user = userEvent.setup();
    const { props } = setup({ total: 40 });
    expect(screen.getByText("Filas por página")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "10" }));
    const sizes = screen.getAllByRole("menuitem").map((item) => item.textContent);
    expect(sizes).toEqual(["5", "10", "15", "20"]);
    await user.click(screen.getByRole("menuitem", { name: "5" }));
    expect(props.onLimitChange).toHaveBeenCalledWith(5);
  });

  it("jumps only to pages from 1 to the last one", async () => {
    const user = userEvent.setup();
    const { props } = setup({ total: 41, limit: 10 });
    const input = screen.getByLabelText("Ir a la página");
    const go = screen.getByRole("button", { name: "Ir" });
    expect(go).toBeDisabled();
    for (const bad of ["6", "0", "-1", "2.5", "abc"]) {
      await user.clear(input);
      await user.type(input, bad);
      expect(go).toBeDisabled();
      await user.type(input, "{Enter}");
    }
    expect(props.onPageChange).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, "5");
    expect(go).toBeEnabled();
    await user.click(go);
    expect(props.onPageChange).toHaveBeenCalledWith(5);
    expect(input).toHaveValue("");

    await user.type(input, "1{Enter}");
    expect(props.onPageChange).toHaveBeenLastCalledWith(1);
  });

  it("pages with the pagination buttons and shows the row range", async () => {
    const user = userEvent.setup();
    const { props } = setup({ total: 30, page: 2 });
    expect(screen.getByText("11 - 12 de 30")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Página siguiente" }));
    expect(props.onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole("button", { name: "Página anterior" }));
    expect(props.onPageChange).toHaveBeenLastCalledWith(1);
  });

  it("moves to the last page when the current one no longer exists", () => {
    const { props } = setup({ total: 12, limit: 10, page: 3 });
    expect(props.onPageChange).toHaveBeenCalledWith(2);
  });

  it("shows 5 skeleton rows while the first page loads", () => {
    setup({ records: [], fetching: true, total: 0 });
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getAllByTestId("skeleton-cell").length).toBe(5 * 3);
    const emptyState = screen
      .getByText("No hay resultados encontrados")
      .closest(".mantine-datatable-empty-state");
    expect(emptyState).not.toHaveAttribute("data-active");
  });

  it("keeps the rows (no skeleton) when refetching", () => {
    setup({ fetching: true });
    expect(screen.queryByTestId("skeleton-cell")).not.toBeInTheDocument();
    expect(screen.getByText("A1")).toBeInTheDocument();
  });

  it("shows the empty text when there are no results", () => {
    setup({ records: [], total: 0 });
    const emptyState = screen
      .getByText("No hay resultados encontrados")
      .closest(".mantine-datatable-empty-state");
    expect(emptyState).toHaveAttribute("data-active");
    expect(screen.queryByLabelText("Ir a la página")).not.toBeInTheDocument();
  });

  it("is at least 300 px high", () => {
    const { container } = setup();
    const root = container.querySelector(".mantine-datatable") as HTMLElement;
    expect(root.style.minHeight).toBe("300px");
  });

  it("announces the order of sortable columns in Spanish, on a real button and with aria-sort", async () => {
    const user = userEvent.setup();
    const { props, rerenderWith } = setup({ sortBy: "capacity,desc" });
    const table = screen.getByRole("table");
    expect(table).not.toHaveTextContent(/sorted/i);
    expect(within(table).queryByLabelText(/sorted/i)).not.toBeInTheDocument();

    const code = within(table).getByRole("button", { name: /^Código\s*Sin ordenar$/ });
    const capacity = within(table).getByRole("button", { name: /^Capacidad\s*Orden descendente$/ });
    expect(within(table).queryByRole("button", { name: /^Descripción/ })).not.toBeInTheDocument();
    // The header cells stay column headers (mantine-datatable made them role="button").
    const headerCells = within(table).getAllByRole("columnheader");
    expect(headerCells).toHaveLength(3);
    expect(code.closest("th")).toHaveAttribute("aria-sort", "none");
    expect(capacity.closest("th")).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("columnheader", { name: "Descripción" })).not.toHaveAttribute("aria-sort");

    code.focus();
    await user.keyboard("{Enter}");
    expect(props.onSortChange).toHaveBeenLastCalledWith("code,asc");
    rerenderWith({ sortBy: "code,asc" });
    expect(
      within(table)
        .getByRole("button", { name: /^Código\s*Orden ascendente$/ })
        .closest("th"),
    ).toHaveAttribute("aria-sort", "ascending");
    expect(capacity.closest("th")).toHaveAttribute("aria-sort", "none");
    await user.keyboard(" ");
    expect(props.onSortChange).toHaveBeenLastCalledWith("code,desc");
  });

  it("shows an error state with Reintentar instead of 'no results' when the list failed", async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { rerenderWith } = setup({ records: undefined, total: 0, error: true, onRetry });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("No se pudo cargar el listado");
    expect(screen.queryByText("No hay resultados encontrados")).not.toBeInTheDocument();
    expect(alert.closest(".mantine-datatable-empty-state")).toHaveAttribute("data-active");
    await user.click(within(alert).getByRole("button", { name: "Reintentar" }));
    expect(onRetry).toHaveBeenCalledTimes(1);

    // Retrying: skeleton rows, no error; then the rows.
    rerenderWith({ records: undefined, total: 0, error: true, fetching: true, onRetry });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    rerenderWith({ records: rooms, total: 2, error: false, onRetry });
    expect(screen.getByText("A1")).toBeInTheDocument();
    expect(screen.queryByText("No se pudo cargar el listado")).not.toBeInTheDocument();
  });

  it("does not show stale rows when a later load failed", () => {
    setup({ error: true, onRetry: vi.fn() });
    expect(screen.queryByText("A1")).not.toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("No se pudo cargar el listado");
  });

  it("keeps the hidden and shown columns of a named table across visits", async () => {
    const user = userEvent.setup();
    const first = setup({ storageKey: "rooms" });
    await user.click(screen.getByRole("button", { name: "Columnas" }));
    await user.click(screen.getByRole("checkbox", { name: "Descripción" }));
    await user.click(screen.getByRole("checkbox", { name: "Estado" }));
    expect(JSON.parse(localStorage.getItem(columnStorageKey("rooms"))!)).toEqual({
      description: false,
      state: true,
    });
    first.unmount();

    setup({ storageKey: "rooms" });
    expect(headers()).toEqual(["Código", "Capacidad", "Estado"]);
  });

  it("keeps column choices per table and ignores a damaged stored value", () => {
    localStorage.setItem(columnStorageKey("other"), JSON.stringify({ description: false }));
    localStorage.setItem(columnStorageKey("broken"), "{not json");
    const first = setup({ storageKey: "rooms" });
    expect(headers()).toEqual(["Código", "Descripción", "Capacidad"]);
    first.unmount();
    setup({ storageKey: "broken" });
    expect(headers()).toEqual(["Código", "Descripción", "Capacidad"]);
  });

  describe("on a screen narrower than the table (a 1280 px laptop)", () => {
    /**
     * The test DOM lays nothing out: the table's box is 800 px wide, the table 200 px per column shown, so
     * it fits with four columns (the actions included).
     */
    const restore: (() => void)[] = [];
    const fake = (property: "clientWidth" | "scrollWidth", get: (el: HTMLElement) => number) => {
      const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, property);
      Object.defineProperty(HTMLElement.prototype, property, {
        configurable: true,
        get(this: HTMLElement) {
          return this.querySelector(":scope > * table, :scope > table") ? get(this) : 0;
        },
      });
      restore.push(() => {
        if (original) Object.defineProperty(HTMLElement.prototype, property, original);
        else delete (HTMLElement.prototype as Partial<HTMLElement>)[property];
      });
    };
    const narrow = () => {
      fake("clientWidth", () => 800);
      fake("scrollWidth", (el) => el.querySelectorAll("thead th").length * 200);
    };
    afterEach(() => {
      for (const undo of restore.splice(0)) undo();
    });
    const wide: DataTableColumn<Room>[] = [
      ...columns.slice(0, 3),
      { accessor: "state", title: "Estado" },
      { accessor: "id", title: "Número" },
    ];
    const withActions = {
      columns: wide,
      actions: (room: Room) => <button type="button">Ver {room.code}</button>,
    };

    it("hides the last columns until the table fits, never the first one nor the actions", async () => {
      narrow();
      const user = userEvent.setup();
      setup(withActions);
      // Long words may break anywhere first; the table is still too wide, so columns go.
      expect(screen.getByRole("table")).toHaveAttribute("data-wrap-anywhere");
      expect(headers()).toEqual(["Código", "Descripción", "Capacidad", "Acciones"]);
      expect(within(bodyRows()[0]!).getByRole("button", { name: "Ver A1" })).toBeInTheDocument();

      // "Columnas" says why and still offers them.
      await user.click(screen.getByRole("button", { name: "Columnas" }));
      expect(screen.getByText(/se ocultaron para que la tabla quepa en la pantalla/)).toBeInTheDocument();
      expect(screen.getByRole("checkbox", { name: "Número" })).not.toBeChecked();
      // Shown on request: it stays, another column makes room.
      await user.click(screen.getByRole("checkbox", { name: "Número" }));
      expect(headers()).toEqual(["Código", "Descripción", "Número", "Acciones"]);
    });

    it("tries every column again for new rows", () => {
      narrow();
      const view = setup(withActions);
      expect(headers()).toEqual(["Código", "Descripción", "Capacidad", "Acciones"]);
      // The next page's rows are short: the table fits with every column.
      for (const undo of restore.splice(0)) undo();
      fake("clientWidth", () => 800);
      fake("scrollWidth", (el) => el.querySelectorAll("thead th").length * 100);
      view.rerenderWith({ ...withActions, records: [rooms[1]!] });
      expect(headers()).toEqual(["Código", "Descripción", "Capacidad", "Estado", "Número", "Acciones"]);
      expect(screen.getByRole("table")).not.toHaveAttribute("data-wrap-anywhere");
    });

    it("keeps every column where the table fits, and on a phone (it scrolls there instead)", () => {
      setup(withActions);
      expect(headers()).toEqual(["Código", "Descripción", "Capacidad", "Estado", "Número", "Acciones"]);
      cleanup();
      fake("clientWidth", () => 360);
      fake("scrollWidth", (el) => el.querySelectorAll("thead th").length * 200);
      setup(withActions);
      expect(headers()).toEqual(["Código", "Descripción", "Capacidad", "Estado", "Número", "Acciones"]);
    });

    it("keeps the action buttons in a column of their own that the page styles as icons", () => {
      setup(withActions);
      const cell = screen.getByRole("button", { name: "Ver A1" }).closest("td")!;
      expect(cell.className).toMatch(/actions/);
    });
  });

  it("hides to fit the lowest priority first, then from the right, never the first column nor a chosen one", () => {
    const cols = [
      { accessor: "name" },
      { accessor: "email" },
      { accessor: "period", priority: -1 },
      { accessor: "status", priority: 1 },
      { accessor: "date" },
      { accessor: "code" },
    ];
    expect(fitOrder(cols, new Set(), new Set())).toEqual(["period", "code", "date", "email", "status"]);
    expect(fitOrder(cols, new Set(["code"]), new Set(["date"]))).toEqual(["period", "email", "status"]);
  });

  it("lets an e-mail address wrap after its @, and only there", () => {
    setup({
      records: [{ ...rooms[0]!, description: "profesor8@demo.edu.ve" }],
      total: 1,
    });
    const cell = screen.getByText("profesor8@demo.edu.ve");
    expect(cell.innerHTML).toBe("profesor8@<wbr>demo.edu.ve");
    expect(screen.getByText("A1").innerHTML).toBe("A1");
  });
});
