import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { StudentImportPreview, StudentImportRow } from "../../api/student-import";
import {
  jsonResponse,
  loginAs,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

// Lazy pages and several answers in turn on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const row = (line: number, errors: StudentImportRow["errors"] = {}): StudentImportRow => ({
  line,
  values: {
    first_name: `Luisa ${line}`,
    last_name: "Rivas",
    identity_document: `V-7000000${line}`,
    email: `luisa${line}@colegio.test`,
    gender: "F",
    birth_date: "12/04/2008",
  },
  errors,
});

const preview = (rows: StudentImportRow[]): StudentImportPreview => {
  const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  return { rows, valid: rows.length - invalid, invalid };
};

type Fetch = ReturnType<typeof mockFetch>;
/** The `dry_run` of every POST /api/students/import so far, in order. */
const importCalls = (fetch: Fetch) =>
  fetch.mock.calls
    .filter(([url, init]) => url === "/api/students/import" && init?.method === "POST")
    .map(([, init]) => init!.body as FormData);

async function pickAndCheck(container: HTMLElement, name = "estudiantes.csv") {
  const file = new File(["Nombres,Apellidos\n"], name, { type: "text/csv" });
  await userEvent.upload(container.querySelector('input[type="file"]') as HTMLInputElement, file);
  await userEvent.click(screen.getByRole("button", { name: "Revisar archivo" }));
}

describe("importing students", () => {
  it("shows each row's errors in the preview and keeps the import disabled", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/students/import" && init.method === "POST")
        return jsonResponse(200, {
          data: preview([
            row(2),
            row(3, { birth_date: ["El campo fecha de nacimiento debe ser una fecha válida."] }),
            row(4, { identity_document: ["Esta cédula también está en la fila 2 del archivo."] }),
            {
              ...row(5, {
                specialization: [
                  "La especialidad «Medicina» no existe o no está habilitada. Escriba el código o el nombre de una de estas: INF (Informática).",
                ],
              }),
              values: { ...row(5).values, specialization: "Medicina", semester: "3" },
            },
          ]),
        });
    });
    const { container } = renderApp("/students/import");
    expect(await screen.findByRole("heading", { name: "Importar estudiantes" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Revisar archivo" })).toBeDisabled();
    await pickAndCheck(container);

    expect(
      await screen.findByText("El campo fecha de nacimiento debe ser una fecha válida."),
    ).toBeInTheDocument();
    expect(screen.getByText("Esta cédula también está en la fila 2 del archivo.")).toBeInTheDocument();
    expect(screen.getByText("1 fila válida")).toBeInTheDocument();
    expect(screen.getByText("3 con errores")).toBeInTheDocument();
    // The specialization and semester columns, with the row's unknown specialization.
    const headers = within(screen.getByRole("table", { name: "Filas del archivo" }))
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers.slice(-2)).toEqual(["Especialidad", "Semestre"]);
    expect(
      screen.getByText(
        "La especialidad «Medicina» no existe o no está habilitada. Escriba el código o el nombre de una de estas: INF (Informática).",
      ),
    ).toBeInTheDocument();
    const medicina = screen.getByRole("cell", { name: "Medicina" });
    expect(within(medicina.closest("tr")!).getByRole("cell", { name: "3" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Importar 1 estudiante" })).toBeDisabled();
    const body = importCalls(fetch)[0]!;
    expect(body.get("dry_run")).toBe("1");
    expect((body.get("file") as File).name).toBe("estudiantes.csv");

    // Only the rows with errors.
    const table = screen.getByRole("table", { name: "Filas del archivo" });
    expect(within(table).getAllByRole("row")).toHaveLength(5);
    await userEvent.click(screen.getByRole("switch", { name: "Solo filas con errores" }));
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(within(table).queryByText("Luisa 2")).not.toBeInTheDocument();
  });

  it("with two periods open asks which one and sends it with the file", async () => {
    loginAs(Role.admin);
    const open = (id: number, name: string, enabled: boolean) => ({
      id,
      name,
      enabled,
      enabled_inscriptions: true,
    });
    const fetch = mockFetch((url, init) => {
      if (url.startsWith("/api/periods?"))
        return jsonResponse(200, {
          data: [open(4, "2026-2", true), open(5, "2027-1", false)],
          meta: { total: 2, per_page: 2, current_page: 1, last_page: 1 },
        });
      if (url === "/api/students/import" && init.method === "POST")
        return jsonResponse(200, { data: preview([row(2)]) });
    });
    const { container } = renderApp("/students/import");
    const select = await screen.findByRole("combobox", { name: /^Período de inscripción/ });
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole("option", { name: "2027-1 (próximo período)" }));
    await pickAndCheck(container);
    await waitFor(() => expect(importCalls(fetch)).toHaveLength(1));
    expect(importCalls(fetch)[0]!.get("period_id")).toBe("5");
  });

  it("says why a file is refused", async () => {
    loginAs(Role.admin);
    mockFetch((url, init) => {
      if (url === "/api/students/import" && init.method === "POST")
        return jsonResponse(422, {
          message: "validation_failed",
          errors: { file: ["Faltan las columnas obligatorias «Cédula» y «Género»."] },
        });
    });
    const { container } = renderApp("/students/import");
    await screen.findByRole("heading", { name: "Importar estudiantes" });
    await pickAndCheck(container);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("No se pudo revisar el archivo");
    expect(alert).toHaveTextContent("Faltan las columnas obligatorias «Cédula» y «Género».");
    expect(screen.queryByRole("button", { name: /^Importar \d/ })).not.toBeInTheDocument();
  });

  it("imports a valid file after Sí, then offers the way back to the list", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/students/import" && init.method === "POST") {
        const dryRun = (init.body as FormData).get("dry_run") === "1";
        return dryRun
          ? jsonResponse(200, {
              data: preview([
                { ...row(2), values: { ...row(2).values, specialization: "INF", semester: "2" } },
                row(3),
              ]),
            })
          : jsonResponse(201, {
              data: {
                created: 2,
                inscribed: 2,
                placements: [
                  {
                    period: { id: 9, name: "2030-1" },
                    specialization: { id: 3, code: "INF", title: "Informática" },
                    semester: { id: 4, number: 2, code: "INF2" },
                    section: { id: 7, code: "INF2A" },
                    students: 2,
                    skipped_courses: 2,
                  },
                ],
              },
            });
      }
    });
    const { container, router } = renderApp("/students/import");
    await screen.findByRole("heading", { name: "Importar estudiantes" });
    await pickAndCheck(container, "alumnos.xlsx");
    expect(await screen.findByText("2 filas válidas")).toBeInTheDocument();
    expect(screen.getByText("0 con errores")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Importar 2 estudiantes" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(
      "Se crearán 2 estudiantes y cada uno recibirá el correo para confirmar su cuenta. 1 de ellos quedará inscrito en el período con inscripciones abiertas.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Sí" }));

    expect(await screen.findByText("Importación terminada")).toBeInTheDocument();
    expect(
      screen.getAllByText(
        "Se importaron 2 estudiantes. Cada uno recibirá el correo para confirmar su cuenta.",
      ).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText("2 quedaron inscritos en el período 2030-1:")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Informática, semestre 2, sección INF2A: 2 estudiantes (2 materias sin inscribir por prelaciones)",
      ),
    ).toBeInTheDocument();
    expect(importCalls(fetch).map((b) => b.get("dry_run"))).toEqual(["1", "0"]);
    expect((importCalls(fetch)[1]!.get("file") as File).name).toBe("alumnos.xlsx");
    await waitFor(() =>
      expect(shownNotifications()).toContainEqual(
        expect.objectContaining({
          message: "Se importaron 2 estudiantes. Cada uno recibirá el correo para confirmar su cuenta.",
        }),
      ),
    );
    await userEvent.click(screen.getByRole("link", { name: "Volver al listado de estudiantes" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/students"));
  });

  it("explains a seat taken since the check and checks the file again", async () => {
    loginAs(Role.admin);
    const seatless = {
      ...row(2, {
        semester: [
          "No hay cupo para esta fila: el semestre 1 de Informática en el período 2030-1 tiene 0 cupos libres para hembras (INF1A: 0).",
        ],
      }),
      values: { ...row(2).values, specialization: "INF", semester: "1" },
    };
    let checks = 0;
    const fetch = mockFetch((url, init) => {
      if (url === "/api/students/import" && init.method === "POST") {
        if ((init.body as FormData).get("dry_run") === "0")
          return jsonResponse(400, {
            message: "no_available_sections_for_inscription",
            description:
              "Fila 2 (Luisa 2 Rivas): No hay secciones con cupos disponibles para hembras en este semestre: INF1A (15 de 15). No se importó ningún estudiante.",
          });
        checks += 1;
        return jsonResponse(200, { data: preview([checks === 1 ? row(2) : seatless]) });
      }
    });
    const { container } = renderApp("/students/import");
    await screen.findByRole("heading", { name: "Importar estudiantes" });
    await pickAndCheck(container);
    await userEvent.click(await screen.findByRole("button", { name: "Importar 1 estudiante" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Sí" }));
    // The refusal, beside the preview checked again (whose own alert says the file has errors).
    const alert = await waitFor(() => {
      const found = screen
        .getAllByRole("alert")
        .find((a) => a.textContent?.includes("No se importó ningún estudiante"));
      expect(found).toBeDefined();
      return found!;
    });
    expect(alert).toHaveTextContent("Fila 2 (Luisa 2 Rivas): No hay secciones con cupos disponibles");
    expect(
      await screen.findByText(
        "No hay cupo para esta fila: el semestre 1 de Informática en el período 2030-1 tiene 0 cupos libres para hembras (INF1A: 0).",
      ),
    ).toBeInTheDocument();
    expect(importCalls(fetch).map((b) => b.get("dry_run"))).toEqual(["1", "0", "1"]);
    expect(shownNotifications()).toEqual([]);
  });

  it("shows the server's progress in a bar while the file is checked and while it is imported", async () => {
    loginAs(Role.admin);
    /** A progress stream (server-sent events) the test feeds one report at a time. */
    const streams = new Map<string, ReadableStreamDefaultController<Uint8Array>>();
    const report = (id: string, progress: object) =>
      streams
        .get(id)!
        .enqueue(new TextEncoder().encode(`event: progress\ndata: ${JSON.stringify(progress)}\n\n`));
    const asked = new Map<string, number>();
    const answers: Record<"1" | "0", (r: Response) => void> = { "1": () => {}, "0": () => {} };
    const fetch = mockFetch((url, init) => {
      const progress = /^\/api\/students\/import\/progress\/([\w-]+)$/.exec(url);
      if (progress) {
        const id = progress[1]!;
        asked.set(id, (asked.get(id) ?? 0) + 1);
        // The first time the server does not know the call yet (the file is still on its way): 404.
        if (asked.get(id) === 1) return jsonResponse(404, { message: "import_progress_not_found" });
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            streams.set(id, controller);
          },
        });
        return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
      }
      if (url === "/api/students/import" && init.method === "POST")
        return new Promise<Response>((resolve) => {
          answers[(init.body as FormData).get("dry_run") as "1" | "0"] = resolve;
        });
    });
    const { container } = renderApp("/students/import");
    await screen.findByRole("heading", { name: "Importar estudiantes" });
    await pickAndCheck(container, "colegio.xlsx");

    /** What the page's live region last said (screen readers hear each stage once, not each count). */
    const announced = () => screen.getAllByRole("status").map((s) => s.textContent);
    // Before the first report: a bar without a count.
    const checkBar = await screen.findByRole("progressbar", { name: "Avance de la revisión del archivo" });
    expect(checkBar).not.toHaveAttribute("aria-valuenow");
    expect(checkBar).toHaveAttribute("aria-valuetext", "Revisando el archivo…");
    expect(announced()).toContain("Revisando el archivo…");
    const checkId = importCalls(fetch)[0]!.get("progress_id") as string;
    expect(checkId).toMatch(/^[\w-]{8,64}$/);
    await waitFor(() => expect(streams.has(checkId)).toBe(true));
    report(checkId, { phase: "reading", done: 0, total: 0 });
    await waitFor(() => expect(announced()).toContain("Leyendo el archivo…"));
    report(checkId, { phase: "checking", done: 5000, total: 20000 });
    expect(await screen.findByText("Verificando fila 5.000 de 20.000")).toBeInTheDocument();
    expect(announced()).toContain("Leyendo el archivo…");
    const counting = screen.getByRole("progressbar", { name: "Avance de la revisión del archivo" });
    expect(counting).toHaveAttribute("aria-valuenow", "5000");
    expect(counting).toHaveAttribute("aria-valuemax", "20000");
    expect(counting).toHaveAttribute("aria-valuetext", "Verificando fila 5.000 de 20.000");
    report(checkId, { phase: "checking", done: 20000, total: 20000 });
    expect(await screen.findByText("Verificando fila 20.000 de 20.000")).toBeInTheDocument();
    report(checkId, { phase: "done", done: 20000, total: 20000 });
    answers["1"](jsonResponse(200, { data: preview([row(2), row(3)]) }));
    expect(await screen.findByText("2 filas válidas")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();

    // The import: its own call, followed the same way.
    await userEvent.click(screen.getByRole("button", { name: "Importar 2 estudiantes" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Sí" }));
    expect(await screen.findByRole("progressbar", { name: "Avance de la importación" })).toBeInTheDocument();
    const importId = importCalls(fetch)[1]!.get("progress_id") as string;
    expect(importId).not.toBe(checkId);
    await waitFor(() => expect(streams.has(importId)).toBe(true));
    report(importId, { phase: "writing", done: 12500, total: 20000 });
    expect(await screen.findByText("Guardando estudiante 12.500 de 20.000")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Avance de la importación" })).toHaveAttribute(
      "aria-valuenow",
      "12500",
    );
    answers["0"](jsonResponse(201, { data: { created: 2, inscribed: 0, placements: [] } }));
    expect(await screen.findByText("Importación terminada")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("is not offered to an assistant administrator", async () => {
    loginAs(Role.lowAdmin);
    mockFetch();
    const { router } = renderApp("/students/import");
    await waitFor(() => expect(router.state.location.pathname).toBe("/access-denied"));
  });
});
