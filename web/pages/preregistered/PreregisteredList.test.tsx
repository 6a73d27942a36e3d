import { screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { PreregisteredStudent } from "../../api/preregistered-students";
import {
  jsonResponse,
  loginAs,
  mockFetch,
  renderWithProviders,
  resetAppState,
  shownNotifications,
} from "../../test/render";
import { userEvent } from "../../test/user-event";
import { PreregisteredList } from "./PreregisteredList";

// Forms with many fields: slow to render on a busy machine (not a speed assertion).
vi.setConfig({ testTimeout: 45_000 });

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

function pre(id: number, overrides: Partial<PreregisteredStudent> = {}): PreregisteredStudent {
  return {
    id,
    first_name: `Luis ${id}`,
    last_name: "Mendoza",
    identity_document: `V-3000000${id}`,
    email: `aspirante${id}@correo.com`,
    phone: "0414-5550000",
    birth_date: "2008-03-10",
    gender: "male",
    address: "Caracas",
    social_networks: { instagrams: "@luis", facebook: "", twitter: "" },
    status: "pending",
    period: { id: 3, year: 2027, number: 1 },
    specialization: { id: 1, title: "Ciclo Básico", code: "CB" },
    student_id: null,
    approved_at: null,
    created_at: "2026-11-20T14:00:00.000Z",
    ...overrides,
  };
}

const periods = [
  { id: 3, year: 2027, number: 1, enabled: false },
  { id: 2, year: 2026, number: 2, enabled: true },
];

function serve(
  rows: PreregisteredStudent[],
  extra?: (url: string, init: RequestInit) => Response | undefined,
) {
  return mockFetch((url, init) => {
    if (url.startsWith("/api/periods?")) return jsonResponse(200, { data: periods, meta: {} });
    if (url.startsWith("/api/preregistered-students?") && (init.method ?? "GET") === "GET") {
      return jsonResponse(200, {
        data: rows,
        meta: { total: rows.length, per_page: 10, current_page: 1, last_page: 1 },
      });
    }
    return extra?.(url, init);
  });
}

const listUrls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .map(([url, init]) => ({ url: String(url), method: init?.method ?? "GET" }))
    .filter((c) => c.method === "GET" && c.url.startsWith("/api/preregistered-students?"))
    .map((c) => c.url);

function renderList() {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<PreregisteredList />} />
      <Route path="/inscriptions/:id" element={<p>Página de inscripción</p>} />
    </Routes>,
  );
}

const rowOf = (text: string) => screen.getByText(text).closest("tr") as HTMLElement;

describe("pre-registered students list", () => {
  it("shows the pending ones first, with CSV export; filters by status", async () => {
    loginAs(Role.admin);
    const fetch = serve([pre(1), pre(2, { status: "approved", student_id: 9 })]);
    renderList();
    expect(await screen.findByText("Luis 1 Mendoza")).toBeInTheDocument();
    expect(rowOf("Luis 1 Mendoza")).toHaveTextContent(
      /V-30000001.*aspirante1@correo\.com.*Ciclo Básico.*2027-1.*Pendiente/,
    );
    expect(listUrls(fetch)[0]).toContain("status=pending");
    expect(screen.getByRole("button", { name: "Exportar CSV" })).toBeInTheDocument();
    // An approved one offers the inscription instead of approval.
    const approvedRow = rowOf("Luis 2 Mendoza");
    expect(within(approvedRow).getByRole("link", { name: "Inscribir" })).toHaveAttribute(
      "href",
      "/inscriptions/2",
    );
    expect(within(approvedRow).queryByRole("button", { name: "Aprobar" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("radio", { name: "Todas" }));
    await waitFor(() => expect(listUrls(fetch).at(-1)).not.toContain("status="));
  });

  it("approves after '¿Aprobar?' / 'Esta acción requiere confirmación', then offers to inscribe at once", async () => {
    loginAs(Role.admin);
    const posts: string[] = [];
    serve([pre(5)], (url, init) => {
      if (init.method === "POST" && url === "/api/preregistered-students/5/confirm") {
        posts.push(url);
        return jsonResponse(200, { data: pre(5, { status: "approved", student_id: 40 }) });
      }
    });
    renderList();
    await userEvent.click(
      within(await waitFor(() => rowOf("Luis 5 Mendoza"))).getByRole("button", { name: "Aprobar" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "¿Aprobar?" });
    expect(within(dialog).getByText("Esta acción requiere confirmación")).toBeInTheDocument();
    // It names who is approved.
    expect(dialog).toHaveTextContent(
      "Se creará la cuenta de Luis 5 Mendoza (cédula V-30000005, aspirante5@correo.com).",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Sí" }));
    const offer = await screen.findByRole("dialog", { name: "Preinscripción aprobada" });
    expect(posts).toEqual(["/api/preregistered-students/5/confirm"]);
    expect(offer).toHaveTextContent("Se creó la cuenta de Luis 5 Mendoza");
    await userEvent.click(within(offer).getByRole("button", { name: "Inscribir ahora" }));
    expect(await screen.findByText("Página de inscripción")).toBeInTheDocument();
  });

  for (const [answer, status, body, reason] of [
    [
      "an e-mail of an account (409)",
      409,
      {
        message: "preregistration_email_in_use",
        description:
          "El correo electrónico aspirante8@correo.com ya pertenece a la cuenta de Ana Pérez. Si es la misma persona, ya está registrada: elimine esta preinscripción.",
      },
      "El correo electrónico aspirante8@correo.com ya pertenece a la cuenta de Ana Pérez.",
    ],
    [
      "email_already_taken on the field (422)",
      422,
      {
        message: "validation_failed",
        description: "Por favor verifique la información ingresada",
        errors: { email: ["El correo electrónico ya está en uso."] },
      },
      "El correo electrónico ya está en uso.",
    ],
  ] as const) {
    it(`says why an approval is refused for ${answer}, and offers the correction`, async () => {
      loginAs(Role.admin);
      serve([pre(8)], (url, init) => {
        if (init.method === "POST" && url === "/api/preregistered-students/8/confirm")
          return jsonResponse(status, body);
      });
      renderList();
      await userEvent.click(
        within(await waitFor(() => rowOf("Luis 8 Mendoza"))).getByRole("button", { name: "Aprobar" }),
      );
      await userEvent.click(
        within(await screen.findByRole("dialog", { name: "¿Aprobar?" })).getByRole("button", { name: "Sí" }),
      );
      const refused = await screen.findByRole("dialog", {
        name: "No se pudo aprobar la preinscripción de Luis 8 Mendoza",
      });
      expect(refused).toHaveTextContent(reason);
      // Instead of the generic "check the information" notice.
      expect(shownNotifications().map((n) => n.message)).not.toContain(
        "Por favor verifique la información ingresada",
      );
      await userEvent.click(within(refused).getByRole("button", { name: "Corregir datos" }));
      expect(await screen.findByRole("dialog", { name: "Corregir preinscripción" })).toBeInTheDocument();
    });
  }

  it("does nothing when the approval is answered 'No'", async () => {
    loginAs(Role.admin);
    const fetch = serve([pre(6)]);
    renderList();
    await userEvent.click(
      within(await waitFor(() => rowOf("Luis 6 Mendoza"))).getByRole("button", { name: "Aprobar" }),
    );
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "No" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("deletes a pending one after Sí/No", async () => {
    loginAs(Role.admin);
    const deletes: string[] = [];
    serve([pre(7)], (url, init) => {
      if (init.method === "DELETE") {
        deletes.push(url);
        return jsonResponse(204);
      }
    });
    renderList();
    await userEvent.click(
      within(await waitFor(() => rowOf("Luis 7 Mendoza"))).getByRole("button", { name: "Eliminar" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Eliminar preinscripción" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Sí" }));
    await waitFor(() => expect(deletes).toEqual(["/api/preregistered-students/7"]));
  });

  it("corrects a pending one with the public form's fields (PATCH)", async () => {
    loginAs(Role.admin);
    let patched: Record<string, unknown> | undefined;
    serve([pre(4)], (url, init) => {
      if (url.startsWith("/api/specializations?")) {
        return jsonResponse(200, {
          data: [
            { id: 1, title: "Ciclo Básico", code: "CB" },
            { id: 2, title: "Informática", code: "INF" },
          ],
          meta: {},
        });
      }
      if (init.method === "PATCH" && url === "/api/preregistered-students/4") {
        patched = JSON.parse(String(init.body));
        return jsonResponse(200, { data: pre(4, { last_name: "Mendoza Ríos" }) });
      }
    });
    renderList();
    await userEvent.click(
      within(await waitFor(() => rowOf("Luis 4 Mendoza"))).getByRole("button", { name: "Corregir" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Corregir preinscripción" });
    const lastName = within(dialog).getByRole("textbox", { name: /^Apellidos/ });
    expect(lastName).toHaveValue("Mendoza");
    await userEvent.clear(lastName);
    await userEvent.type(lastName, "Mendoza Ríos");
    await userEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(patched).toMatchObject({
      last_name: "Mendoza Ríos",
      identity_document: "V-30000004",
      specialization_id: 1,
      social_networks: { instagrams: "@luis", facebook: "", twitter: "" },
    });
    expect(patched).not.toHaveProperty("website");
  });

  it("shows the details, social networks included", async () => {
    loginAs(Role.lowAdmin);
    serve([pre(8)]);
    renderList();
    await userEvent.click(await screen.findByRole("button", { name: "Detalles de Luis 8 Mendoza" }));
    const dialog = await screen.findByRole("dialog", { name: "Luis 8 Mendoza" });
    expect(dialog).toHaveTextContent("@luis");
    expect(dialog).toHaveTextContent("Masculino");
  });

  it("an assistant reads the list but cannot approve or delete", async () => {
    loginAs(Role.lowAdmin);
    serve([pre(9)]);
    renderList();
    const row = await waitFor(() => rowOf("Luis 9 Mendoza"));
    expect(within(row).queryByRole("button", { name: "Aprobar" })).not.toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: "Eliminar" })).not.toBeInTheDocument();
  });
});
