import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { LibraryDocument } from "../../../common/schemas/documents";
import {
  jsonResponse,
  loginAs,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => {
  resetAppState();
  sessionStorage.clear();
  URL.createObjectURL = vi.fn(() => "blob:cover");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup({ applyAccept: false, delay: null });
const list = <T,>(data: T[]) => ({
  data,
  meta: { total: data.length, per_page: 10, current_page: 1, last_page: 1 },
});

const course = (id: number, code: string, title: string) => ({
  id,
  code,
  title,
  credits: 3,
  hours: 4,
  enabled: true,
});
const semester = (
  id: number,
  specializationId: number,
  number: number,
  courses: ReturnType<typeof course>[],
) => ({
  id,
  pensum_id: specializationId,
  specialization_id: specializationId,
  number,
  code: `S${number}-${specializationId}`,
  courses_ids: courses.map((c) => c.id),
  courses,
  credits: 0,
  has_sections: false,
});
const specialization = (id: number, title: string) => ({
  id,
  title,
  code: title.slice(0, 3).toUpperCase(),
  description: null,
  is_basic: false,
  enabled: true,
});

function doc(id: number, overrides: Partial<LibraryDocument> = {}): LibraryDocument {
  return {
    id,
    title: `Documento ${id}`,
    description: null,
    file_extension: "pdf",
    file_url: `/documents/${id}/file`,
    cover_picture: `/documents/${id}/cover`,
    specialization_id: null,
    semester_id: null,
    course_id: null,
    specialization: null,
    semester: null,
    course: null,
    created_at: "2026-11-20T12:00:00.000Z",
    updated_at: "2026-11-20T12:00:00.000Z",
    ...overrides,
  };
}

/** The form's answers: two specializations, the first with two semesters of different courses. */
function formApi(extra?: (url: string, init: RequestInit) => Response | undefined) {
  return mockFetch((url, init) => {
    const answer = extra?.(url, init);
    if (answer) return answer;
    if (url.startsWith("/api/specializations?"))
      return jsonResponse(200, list([specialization(1, "Informática"), specialization(2, "Administración")]));
    if (url.startsWith("/api/semesters?specialization_id=1"))
      return jsonResponse(
        200,
        list([
          semester(11, 1, 1, [course(101, "PRO-201", "Programación I")]),
          semester(12, 1, 2, [course(102, "PRO-202", "Programación II")]),
        ]),
      );
    if (url.startsWith("/api/semesters?specialization_id=2"))
      return jsonResponse(200, list([semester(21, 2, 1, [course(201, "CON-201", "Contabilidad I")])]));
    if (url.startsWith("/api/documents?")) return jsonResponse(200, list([]));
    return undefined;
  });
}

/** A select's input by its label (Mantine's searchable selects are textboxes, the others comboboxes). */
const select = (label: string) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === "INPUT") as HTMLInputElement;

const fileInput = (container: HTMLElement, accept: RegExp) =>
  [...container.querySelectorAll<HTMLInputElement>('input[type="file"]')].find((i) => accept.test(i.accept))!;

async function choose(label: string, option: string) {
  await user().click(select(label));
  await user().click(await screen.findByRole("option", { name: option }));
}

describe("document form", () => {
  it("narrows semesters to the specialization and courses to the semester, and uploads as multipart", async () => {
    loginAs(Role.admin);
    const fetch = formApi((url, init) =>
      url === "/api/documents" && init.method === "POST" ? jsonResponse(201, { data: doc(5) }) : undefined,
    );
    const { container, router } = renderApp("/documents/create");
    await user().type(await screen.findByRole("textbox", { name: /Título/ }), "Guía de Programación");
    expect(select("Semestre")).toBeDisabled();
    expect(select("Materia")).toBeDisabled();

    await choose("Especialidad", "Informática");
    await choose("Semestre", "Semestre 1 (S1-1)");
    await user().click(select("Materia"));
    expect(await screen.findByRole("option", { name: "PRO-201 Programación I" })).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: "PRO-202 Programación II" })).not.toBeInTheDocument();
    await user().click(screen.getByRole("option", { name: "PRO-201 Programación I" }));

    // Another specialization clears the semester and course chosen for the first one.
    await choose("Especialidad", "Administración");
    expect(select("Semestre")).toHaveValue("");
    expect(select("Materia")).toHaveValue("");
    await user().click(select("Semestre"));
    expect(await screen.findByRole("option", { name: "Semestre 1 (S1-2)" })).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: "Semestre 2 (S2-1)" })).not.toBeInTheDocument();
    await user().click(screen.getByRole("option", { name: "Semestre 1 (S1-2)" }));
    await choose("Materia", "CON-201 Contabilidad I");

    const pdf = new File(["%PDF-1.4"], "guia.pdf", { type: "application/pdf" });
    await user().upload(fileInput(container, /\.pdf/), pdf);
    await user().click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/documents"));
    const post = fetch.mock.calls.find(([url, init]) => url === "/api/documents" && init?.method === "POST");
    const body = post![1]!.body as FormData;
    expect(body.get("title")).toBe("Guía de Programación");
    expect(body.get("specialization_id")).toBe("2");
    expect(body.get("semester_id")).toBe("21");
    expect(body.get("course_id")).toBe("201");
    expect((body.get("file") as File).name).toBe("guia.pdf");
    expect(body.get("cover_picture")).toBeNull();
    expect(shownNotifications()).toContainEqual(
      expect.objectContaining({ message: "Se ha creado el documento con éxito" }),
    );
  }, 60_000);

  it("asks for the file before sending", async () => {
    loginAs(Role.admin);
    const fetch = formApi();
    renderApp("/documents/create");
    await user().type(await screen.findByRole("textbox", { name: /Título/ }), "Sin archivo");
    await user().click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("El campo archivo es obligatorio.")).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("refuses an SVG cover at once, leaving no preview", async () => {
    loginAs(Role.admin);
    formApi();
    const { container } = renderApp("/documents/create");
    await screen.findByRole("textbox", { name: /Título/ });
    const svg = new File(["<svg><script>alert(1)</script></svg>"], "portada.svg", { type: "image/svg+xml" });
    await user().upload(fileInput(container, /image\/jpeg/), svg);
    expect(
      await screen.findByText("El campo portada debe ser un archivo con formato: jpeg, png, webp."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Foto seleccionada" })).not.toBeInTheDocument();
  });

  it("a cover the server refuses leaves no broken preview, only the reason", async () => {
    loginAs(Role.admin);
    formApi((url, init) =>
      url === "/api/documents" && init.method === "POST"
        ? jsonResponse(422, {
            message: "validation_failed",
            errors: { cover_picture: ["El campo portada debe ser un archivo con formato: jpeg, png, webp."] },
          })
        : undefined,
    );
    const { container, router } = renderApp("/documents/create");
    await user().type(await screen.findByRole("textbox", { name: /Título/ }), "Con portada falsa");
    await user().upload(
      fileInput(container, /\.pdf/),
      new File(["%PDF"], "a.pdf", { type: "application/pdf" }),
    );
    await user().upload(
      fileInput(container, /image\/jpeg/),
      new File(["<html>"], "falsa.png", { type: "image/png" }),
    );
    expect(screen.getByRole("img", { name: "Foto seleccionada" })).toHaveAttribute("src", "blob:cover");
    await user().click(screen.getByRole("button", { name: "Guardar" }));
    expect(
      await screen.findByText("El campo portada debe ser un archivo con formato: jpeg, png, webp."),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("img", { name: "Foto seleccionada" })).not.toBeInTheDocument(),
    );
    expect(router.state.location.pathname).toBe("/documents/create");
  });
});

describe("editing a document", () => {
  it("shows the saved cover, and sends the change as POST with _method=PATCH, removing the cover", async () => {
    loginAs(Role.admin);
    const saved = doc(3, {
      title: "Apuntes",
      specialization_id: 1,
      specialization: { id: 1, title: "Informática" },
      semester_id: 12,
      semester: { id: 12, number: 2, code: "S2-1" },
      course_id: 102,
      course: { id: 102, code: "PRO-202", title: "Programación II" },
    });
    const fetch = formApi((url, init) => {
      if (url === "/api/documents/3") return jsonResponse(200, { data: saved });
      if (url === "/api/documents/3/cover")
        return new Response(new Blob(["webp"], { type: "image/webp" }), { status: 200 });
      if (url === "/api/documents/3" && init.method === "POST") return jsonResponse(200, { data: saved });
      return undefined;
    });
    const { router } = renderApp("/documents/3/edit");
    const title = await screen.findByRole("textbox", { name: /Título/ });
    expect(title).toHaveValue("Apuntes");
    expect(await screen.findByRole("img", { name: "Foto seleccionada" })).toHaveAttribute(
      "src",
      "blob:cover",
    );
    await waitFor(() => expect(select("Materia")).toHaveValue("PRO-202 Programación II"));
    expect(select("Semestre")).toHaveValue("Semestre 2 (S2-1)");
    expect(screen.getByText(/Archivo actual: PDF/)).toBeInTheDocument();
    await user().clear(title);
    await user().type(title, "Apuntes de Programación II");
    await user().click(screen.getByRole("button", { name: "Remover foto" }));
    expect(screen.queryByRole("img", { name: "Foto seleccionada" })).not.toBeInTheDocument();
    await user().click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/documents"));
    const post = fetch.mock.calls.find(
      ([url, init]) => url === "/api/documents/3" && init?.method === "POST",
    );
    const body = post![1]!.body as FormData;
    expect(body.get("_method")).toBe("PATCH");
    expect(body.get("title")).toBe("Apuntes de Programación II");
    expect(body.get("remove_cover_picture")).toBe("1");
    expect(body.get("course_id")).toBe("102");
    expect(body.get("file")).toBeNull();
  }, 60_000);
});

describe("library list", () => {
  const docs = [
    doc(1, { title: "Reglamento estudiantil" }),
    doc(2, {
      title: "Ejercicios de Programación I",
      cover_picture: null,
      specialization_id: 1,
      specialization: { id: 1, title: "Informática" },
      semester: { id: 11, number: 1, code: "S1" },
      semester_id: 11,
    }),
  ];

  it("shows a student the covers grid with alt texts and downloads through the API, without writes", async () => {
    loginAs(Role.student);
    const fetch = mockFetch((url) => {
      if (url.startsWith("/api/documents?")) return jsonResponse(200, list(docs));
      if (url === "/api/documents/1/cover")
        return new Response(new Blob(["webp"], { type: "image/webp" }), { status: 200 });
      if (url === "/api/documents/2/file")
        return new Response(new Blob(["%PDF"], { type: "application/pdf" }), { status: 200 });
      return undefined;
    });
    renderApp("/documents");
    expect(await screen.findByRole("img", { name: "Portada de Reglamento estudiantil" })).toHaveAttribute(
      "src",
      "blob:cover",
    );
    expect(screen.getAllByText("Sin portada")).toHaveLength(1);
    expect(screen.getByText("Informática · Semestre 1")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Crear documento" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Editar" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Exportar CSV/ })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith("/api/specializations"))).toBe(false);
    expect(screen.queryByLabelText("Especialidad")).not.toBeInTheDocument();
    await user().click(screen.getByRole("button", { name: "Descargar: Ejercicios de Programación I" }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === "/api/documents/2/file")).toBe(true));
  });

  it("gives an admin create, edit and a confirmed delete", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url.startsWith("/api/specializations?"))
        return jsonResponse(200, list([specialization(1, "Informática")]));
      if (url.startsWith("/api/documents?")) return jsonResponse(200, list(docs));
      if (url === "/api/documents/2" && init.method === "DELETE") return jsonResponse(204);
      if (url.endsWith("/cover")) return new Response(new Blob(["webp"]), { status: 200 });
      return undefined;
    });
    renderApp("/documents");
    expect(await screen.findByRole("link", { name: "Crear documento" })).toHaveAttribute(
      "href",
      "/documents/create",
    );
    await choose("Especialidad", "Informática");
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url]) => String(url).startsWith("/api/documents?") && String(url).includes("specialization_id=1"),
        ),
      ).toBe(true),
    );
    const deletes = await screen.findAllByRole("button", { name: "Eliminar" });
    await user().click(deletes[1]!);
    expect(
      await screen.findByText("¿Desea eliminar el documento «Ejercicios de Programación I»?"),
    ).toBeInTheDocument();
    await user().click(screen.getByRole("button", { name: "Sí" }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url, init]) => url === "/api/documents/2" && init?.method === "DELETE"),
      ).toBe(true),
    );
  });
});
