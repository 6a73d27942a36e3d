import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { Prelation } from "../../api/prelations";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";

beforeEach(() => {
  resetAppState();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const course = (id: number, code: string, semester: number) => ({
  id,
  code,
  title: `Materia ${code}`,
  enabled: true,
  semester_id: semester,
  semester_number: semester,
  semester_code: `S${semester}`,
});

const prelation = (overrides: Partial<Prelation> = {}): Prelation => ({
  id: 1,
  type: "partial",
  pensum_id: 3,
  pensum: {
    id: 3,
    name: "Pensum Informática",
    version: 2,
    specialization_id: 2,
    specialization_title: "Informática",
  },
  course_id: 11,
  course: course(11, "PRO-202", 2),
  required_course_id: 10,
  required_course: course(10, "PRO-201", 1),
  ...overrides,
});

const answer = (rows: Prelation[]) => ({
  data: rows,
  meta: { total: rows.length, per_page: 10, current_page: 1, last_page: 1 },
});

describe("prelations list", () => {
  it("shows both courses, their semesters and the type; administrators get the write actions", async () => {
    const fetch = mockFetch((url) => {
      if (url.startsWith("/api/prelations?")) return jsonResponse(200, answer([prelation()]));
      if (url.startsWith("/api/specializations?")) return jsonResponse(200, answer([]));
      if (url.startsWith("/api/pensums?")) return jsonResponse(200, answer([]));
      return undefined;
    });
    loginAs(Role.admin);
    renderApp("/prelations?pensum_id=3&specialization_id=2");
    const cell = await screen.findByText("PRO-202 — Materia PRO-202", undefined, { timeout: 15_000 });
    const row = cell.closest("tr")!;
    expect(row).toHaveTextContent(
      /PRO-202 — Materia PRO-202\s*2\s*PRO-201 — Materia PRO-201.*semestre 1.*Parcial.*Informática/,
    );
    expect(within(row).getByRole("link", { name: "Editar" })).toHaveAttribute(
      "href",
      "/prelations/11/edit?pensum_id=3",
    );
    expect(screen.getByRole("link", { name: "Crear prelación" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Eliminar parciales" })).toBeInTheDocument();
    const listUrl = fetch.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith("/api/prelations?"))!;
    expect(new URL(listUrl, "http://x").searchParams.get("pensum_id")).toBe("3");
  });

  it("lets a student read without filters nor write actions", async () => {
    mockFetch((url) =>
      url.startsWith("/api/prelations?") ? jsonResponse(200, answer([prelation()])) : undefined,
    );
    loginAs(Role.student);
    renderApp("/prelations");
    expect(
      await screen.findByText("PRO-202 — Materia PRO-202", undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Crear prelación" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Editar" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Especialización" })).not.toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Especialización" })).not.toBeInTheDocument();
  });
});
