import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import {
  jsonResponse,
  loginAs,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../../test/render";
import { userEvent } from "../../test/user-event";
import { classroom, listAnswer, queryOf } from "./test-data";

beforeEach(() => {
  resetAppState();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);
const listCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .map(([url, init]) => ({ url: String(url), method: init?.method }))
    .filter((c) => c.method === "GET" && c.url.startsWith("/api/classrooms?"));

describe("classrooms list", () => {
  it("shows the rows of the API with Sí/No and Habilitada/Deshabilitada, and the breadcrumb", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) =>
      url.startsWith("/api/classrooms?")
        ? jsonResponse(
            200,
            listAnswer([
              classroom(1),
              classroom(2, { multiple_sections: true, enabled: false, state: false, description: null }),
            ]),
          )
        : undefined,
    );
    renderApp("/classrooms");
    expect(await screen.findByText("A-1")).toBeInTheDocument();
    const [first, second] = rows();
    // The same word as the form's "Habilitada" switch.
    expect(first).toHaveTextContent(/A-1.*Aula 1.*31.*No.*Habilitada/);
    expect(second).toHaveTextContent(/A-2.*32.*Sí.*Deshabilitada/);
    expect(screen.queryByText(/Activa|Inactiva/)).not.toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: /^Máxima capacidad/ })).toBeInTheDocument();
    expect(queryOf(listCalls(fetch)[0]!.url)).toEqual({ page: "1", limit: "10" });
    const trail = screen.getByRole("navigation", { name: "Ruta de navegación" });
    expect(within(trail).getByText("Listado de aulas")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Crear aula" })).toHaveAttribute("href", "/classrooms/create");
    expect(within(first!).getByRole("link", { name: "Editar" })).toHaveAttribute(
      "href",
      "/classrooms/1/edit",
    );
  });

  it("puts search, sort and page in the URL and in the request", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) => {
      if (!url.startsWith("/api/classrooms?")) return undefined;
      const q = queryOf(url);
      const page = Number(q.page);
      return jsonResponse(200, listAnswer([classroom(page * 100)], 25, page));
    });
    const { router } = renderApp("/classrooms");
    expect(await screen.findByText("A-100")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "2" }));
    await waitFor(() => expect(router.state.location.search).toContain("page=2"));
    expect(await screen.findByText("A-200")).toBeInTheDocument();
    expect(queryOf(listCalls(fetch).at(-1)!.url)).toMatchObject({ page: "2", limit: "10" });

    await userEvent.click(screen.getByText("Código"));
    await waitFor(() => expect(router.state.location.search).toContain("sort_by=code%2Casc"));
    await waitFor(() =>
      expect(queryOf(listCalls(fetch).at(-1)!.url)).toMatchObject({ sort_by: "code,asc", page: "1" }),
    );
    await userEvent.click(screen.getByText("Estado"));
    await waitFor(() => expect(queryOf(listCalls(fetch).at(-1)!.url).sort_by).toBe("enabled,asc"));

    await userEvent.type(screen.getByRole("searchbox", { name: "Buscar..." }), "lab");
    await waitFor(() => expect(router.state.location.search).toContain("search=lab"));
    await waitFor(() =>
      expect(queryOf(listCalls(fetch).at(-1)!.url)).toMatchObject({ search: "lab", page: "1" }),
    );
  });

  it("reads the list state from the URL", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) =>
      url.startsWith("/api/classrooms?")
        ? jsonResponse(200, listAnswer([classroom(1)], 30, 3, 5))
        : undefined,
    );
    renderApp("/classrooms?page=3&limit=5&search=b&sort_by=max_capacity,desc");
    expect(await screen.findByText("A-1")).toBeInTheDocument();
    expect(queryOf(listCalls(fetch)[0]!.url)).toEqual({
      page: "3",
      limit: "5",
      search: "b",
      sort_by: "max_capacity,desc",
    });
  });

  it("gives a low admin a read-only list: no create button, no edit or delete", async () => {
    loginAs(Role.lowAdmin);
    mockFetch((url) =>
      url.startsWith("/api/classrooms?") ? jsonResponse(200, listAnswer([classroom(1)])) : undefined,
    );
    renderApp("/classrooms");
    expect(await screen.findByText("A-1")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Crear aula" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Editar" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Eliminar" })).not.toBeInTheDocument();
  });
});

describe("a list that fails to load", () => {
  it("says so with Reintentar, which loads it again", async () => {
    loginAs(Role.admin);
    let failing = true;
    const fetch = mockFetch((url) => {
      if (!url.startsWith("/api/classrooms?")) return undefined;
      return failing
        ? jsonResponse(500, { message: "internal_server_error", description: "Error interno" })
        : jsonResponse(200, listAnswer([classroom(1)]));
    });
    renderApp("/classrooms?search=a");
    expect(await screen.findByText("No se pudo cargar el listado")).toBeInTheDocument();
    expect(screen.queryByText("No hay resultados encontrados")).not.toBeInTheDocument();
    expect(listCalls(fetch)).toHaveLength(1);

    failing = false;
    await userEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByText("A-1")).toBeInTheDocument();
    expect(listCalls(fetch)).toHaveLength(2);
    expect(queryOf(listCalls(fetch)[1]!.url)).toMatchObject({ search: "a" });
    expect(screen.queryByText("No se pudo cargar el listado")).not.toBeInTheDocument();
  });
});

describe("list state across the forms", () => {
  const listUrl = "/classrooms?page=2&limit=5&search=aula&sort_by=code%2Cdesc";

  function api() {
    return mockFetch((url, init) => {
      if (url === "/api/classrooms" && init.method === "POST")
        return jsonResponse(201, { data: classroom(9) });
      if (url === "/api/classrooms/1" && init.method === "GET")
        return jsonResponse(200, { data: classroom(1) });
      if (url === "/api/classrooms/1" && init.method === "PATCH")
        return jsonResponse(200, { data: classroom(1, { max_capacity: 50 }) });
      if (url.startsWith("/api/classrooms?")) return jsonResponse(200, listAnswer([classroom(1)], 12, 2, 5));
    });
  }

  it("comes back to the same search, order, page and size after creating", async () => {
    loginAs(Role.admin);
    api();
    const { router } = renderApp(listUrl);
    expect(await screen.findByText("A-1")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Crear aula" }));
    await userEvent.type(await screen.findByLabelText(/Código/), "NUEVA");
    await userEvent.type(screen.getByLabelText(/Máxima capacidad/), "20");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/classrooms"));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(listUrl);
  });

  it("comes back to it after editing, and from Cancelar and the breadcrumb", async () => {
    loginAs(Role.admin);
    api();
    const { router } = renderApp(listUrl);
    const row = (await screen.findByText("A-1")).closest("tr")!;
    await userEvent.click(within(row).getByRole("link", { name: "Editar" }));
    const capacity = await screen.findByLabelText(/Máxima capacidad/);
    const trail = screen.getByRole("navigation", { name: "Ruta de navegación" });
    expect(within(trail).getByRole("link", { name: "Listado de aulas" })).toHaveAttribute("href", listUrl);
    expect(screen.getByRole("link", { name: "Cancelar" })).toHaveAttribute("href", listUrl);
    await userEvent.clear(capacity);
    await userEvent.type(capacity, "50");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/classrooms"));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(listUrl);
  });
});

describe("deleting a classroom", () => {
  function setup(deleteAnswer: () => Response) {
    loginAs(Role.admin);
    let deleted = false;
    const fetch = mockFetch((url, init) => {
      if (url === "/api/classrooms/1" && init.method === "DELETE") {
        const answer = deleteAnswer();
        deleted = answer.status === 204;
        return answer;
      }
      if (url.startsWith("/api/classrooms?"))
        return jsonResponse(200, listAnswer(deleted ? [classroom(2)] : [classroom(1), classroom(2)]));
    });
    const deletes = () => fetch.mock.calls.filter(([, init]) => init?.method === "DELETE");
    return { fetch, deletes };
  }

  const clickDelete = async () => {
    const row = (await screen.findByText("A-1")).closest("tr")!;
    await userEvent.click(within(row).getByRole("button", { name: "Eliminar" }));
    return screen.findByRole("dialog");
  };

  it("asks Si/No first and sends nothing on No", async () => {
    const { deletes } = setup(() => jsonResponse(204));
    renderApp("/classrooms");
    const dialog = await clickDelete();
    expect(within(dialog).getByText("¿Desea eliminar el aula A-1?")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "No" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(deletes()).toHaveLength(0);
  });

  it("deletes on Si, shows the success toast and reloads the list", async () => {
    const { deletes } = setup(() => jsonResponse(204));
    renderApp("/classrooms");
    const dialog = await clickDelete();
    await userEvent.click(within(dialog).getByRole("button", { name: "Sí" }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    await waitFor(() =>
      expect(shownNotifications()).toContainEqual(
        expect.objectContaining({ message: "Se ha eliminado el aula con éxito" }),
      ),
    );
    await waitFor(() => expect(screen.queryByText("A-1")).not.toBeInTheDocument());
  });

  it("shows the classroom_has_schedules refusal in a dialog, without the generic 400 toast", async () => {
    const description = "El aula tiene horarios asignados y no puede eliminarse (2 horarios).";
    setup(() => jsonResponse(400, { message: "classroom_has_schedules", description }));
    renderApp("/classrooms");
    const dialog = await clickDelete();
    await userEvent.click(within(dialog).getByRole("button", { name: "Sí" }));
    const refusal = await screen.findByRole("dialog", { name: "No se puede eliminar el aula" });
    expect(within(refusal).getByText(description)).toBeInTheDocument();
    expect(shownNotifications()).toEqual([]);
    await userEvent.click(within(refusal).getByRole("button", { name: "Entendido" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByText("A-1")).toBeInTheDocument();
  });
});
