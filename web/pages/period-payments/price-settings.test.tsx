import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { PriceSetting } from "../../api/price-settings";
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
});
afterEach(() => vi.unstubAllGlobals());

const period = {
  id: 5,
  year: 2026,
  number: 1,
  name: "2026-1",
  enabled: true,
  start_date: "2026-01-12",
  end_date: "2026-07-31",
};

const setting = (overrides: Partial<PriceSetting> = {}): PriceSetting => ({
  id: 31,
  period_id: 5,
  period: { id: 5, year: 2026, number: 1, name: "2026-1", start_date: "2026-01-12", end_date: "2026-07-31" },
  installments: [
    { id: 1, date: "2026-02-01", amount_e2: 12_550, amount_string: "125,50" },
    { id: 2, date: "2026-03-01", amount_e2: 12_500, amount_string: "125,00" },
  ],
  installment_payment_methods: [1, 3],
  full_payment_methods: [5],
  installment_grace_period_days: 5,
  late_installment_extra_e2: 1_000,
  total_e2: 25_050,
  fees_count: 0,
  paid_fees_count: 0,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  ...overrides,
});

const listOf = (rows: PriceSetting[]) => ({
  data: rows,
  meta: { total: rows.length, per_page: 10, current_page: 1, last_page: 1 },
});

const bodies = (fetch: ReturnType<typeof mockFetch>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)));

describe("installments editor (create)", () => {
  it("adds and removes rows and sends dates with amounts × 100, methods and rules", {
    timeout: 60_000,
  }, async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/periods/5") return jsonResponse(200, { data: period });
      if (url === "/api/period-price-settings" && init.method === "POST")
        return jsonResponse(201, { data: setting() });
      if (url.startsWith("/api/periods/5/price-settings")) return jsonResponse(200, listOf([setting()]));
    });
    const { router } = renderApp("/periods/createPayments/5");
    expect(
      await screen.findByRole("heading", { name: "Crear configuración de pagos del período 2026-1" }),
    ).toBeVisible();
    const user = userEvent.setup({ delay: null });

    await user.type(screen.getByLabelText("Fecha de la cuota 1"), "01/02/2026");
    await user.type(screen.getByLabelText("Monto de la cuota 1"), "1234,56");
    await user.click(screen.getByRole("button", { name: "Agregar cuota" }));
    await user.type(screen.getByLabelText("Fecha de la cuota 2"), "1/3/2026");
    await user.type(screen.getByLabelText("Monto de la cuota 2"), "99");
    await user.click(screen.getByRole("button", { name: "Agregar cuota" }));
    await user.type(screen.getByLabelText("Fecha de la cuota 3"), "01/04/2026");
    await user.type(screen.getByLabelText("Monto de la cuota 3"), "0,29");
    expect(screen.getByText("1.333,85")).toBeInTheDocument(); // the total, added in hundredths
    // Remove the second row: the third becomes the second.
    await user.click(screen.getByRole("button", { name: "Quitar la cuota 2" }));
    expect(screen.queryByLabelText("Fecha de la cuota 3")).not.toBeInTheDocument();
    // Dates in the Spanish date picker (DD/MM/YYYY), sent as YYYY-MM-DD.
    expect(screen.getByLabelText("Fecha de la cuota 1")).toHaveValue("01/02/2026");
    expect(screen.getByLabelText("Fecha de la cuota 2")).toHaveValue("01/04/2026");
    expect(screen.getByText("1.234,85")).toBeInTheDocument();

    const perInstallment = screen.getByRole("group", { name: /Métodos de pago por cuota/ });
    for (const name of [
      "Efectivo",
      "100% Banco",
      "Transferencia Bancaria",
      "Transferencia de Curso",
      "Zelle",
    ])
      expect(within(perInstallment).getByRole("checkbox", { name })).toBeInTheDocument();
    await user.click(within(perInstallment).getByRole("checkbox", { name: "Zelle" }));
    await user.click(within(perInstallment).getByRole("checkbox", { name: "Efectivo" }));
    const full = screen.getByRole("group", { name: /Métodos de pago completo/ });
    await user.click(within(full).getByRole("checkbox", { name: "Transferencia Bancaria" }));
    await user.clear(screen.getByLabelText("Días de gracia"));
    await user.type(screen.getByLabelText("Días de gracia"), "3");
    await user.clear(screen.getByLabelText("Recargo por atraso"));
    await user.type(screen.getByLabelText("Recargo por atraso"), "12,5");
    await user.click(screen.getByRole("button", { name: "Guardar" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/periods/detailsPayments/5"));
    expect(bodies(fetch, "POST")).toEqual([
      {
        period_id: 5,
        installments: [
          { date: "2026-02-01", amount_e2: 123_456 },
          { date: "2026-04-01", amount_e2: 29 },
        ],
        installment_payment_methods: [1, 5],
        full_payment_methods: [3],
        installment_grace_period_days: 3,
        late_installment_extra_e2: 1_250,
      },
    ]);
    expect(shownNotifications()).toContainEqual(
      expect.objectContaining({ message: "Se ha creado la configuración con éxito" }),
    );
  });

  it("refuses an installment without date or amount, and no installment method, before sending", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) => {
      if (url === "/api/periods/5") return jsonResponse(200, { data: period });
    });
    renderApp("/periods/createPayments/5");
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Guardar" }));
    expect(await screen.findAllByText(/obligatorio|requerido|debe/i)).not.toHaveLength(0);
    expect(screen.getByRole("button", { name: "Quitar la cuota 1" })).toBeDisabled();
    expect(bodies(fetch, "POST")).toEqual([]);
  });
});

describe("installment dates inside the period", () => {
  it("refuses a date before 30 days ahead of the period's start or after its end, before sending", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) => {
      if (url === "/api/periods/5") return jsonResponse(200, { data: period });
    });
    renderApp("/periods/createPayments/5");
    const user = userEvent.setup({ delay: null });
    const date = await screen.findByLabelText("Fecha de la cuota 1");
    await user.type(date, "01/02/2020");
    await user.type(screen.getByLabelText("Monto de la cuota 1"), "100");
    const perInstallment = screen.getByRole("group", { name: /Métodos de pago por cuota/ });
    await user.click(within(perInstallment).getByRole("checkbox", { name: "Efectivo" }));
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText(/fecha/i, { selector: ".mantine-InputWrapper-error" })).toBeVisible();
    expect(bodies(fetch, "POST")).toEqual([]);
  });
});

describe("editing a setting already copied into fees", () => {
  it("asks whether to apply the change to unpaid fees and sends the answer", async () => {
    loginAs(Role.admin);
    const current = setting({ fees_count: 12, paid_fees_count: 4 });
    const fetch = mockFetch((url, init) => {
      if (url === "/api/period-price-settings/31" && init.method === "PATCH")
        return jsonResponse(200, { data: current, meta: { fees_updated: 8, fees_kept: 4 } });
      if (url === "/api/period-price-settings/31") return jsonResponse(200, { data: current });
      if (url.startsWith("/api/periods/5/price-settings")) return jsonResponse(200, listOf([current]));
      if (url === "/api/periods/5") return jsonResponse(200, { data: period });
    });
    const { router } = renderApp("/periods/updatePaymentSetting/31");
    const amount = await screen.findByLabelText("Monto de la cuota 1");
    expect(amount).toHaveValue("125,5");
    const user = userEvent.setup({ delay: null });
    await user.clear(amount);
    await user.type(amount, "130");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    const dialog = await screen.findByRole("dialog", { name: "Cuotas de estudiantes" });
    expect(dialog).toHaveTextContent("12 estudiante(s) (4 con pagos)");
    await user.click(within(dialog).getByRole("button", { name: "Aplicar a las cuotas sin pagos" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/periods/detailsPayments/5"));
    expect(bodies(fetch, "PATCH")).toEqual([
      {
        installments: [
          { date: "2026-02-01", amount_e2: 13_000 },
          { date: "2026-03-01", amount_e2: 12_500 },
        ],
        installment_payment_methods: [1, 3],
        full_payment_methods: [5],
        installment_grace_period_days: 5,
        late_installment_extra_e2: 1_000,
        apply_to_unpaid_fees: true,
      },
    ]);
    expect(shownNotifications()).toContainEqual(
      expect.objectContaining({
        message:
          "Se ha actualizado la configuración con éxito: 8 cuota(s) sin pagos actualizada(s), 4 sin cambios.",
      }),
    );
  });

  it("cancelling the question sends nothing", async () => {
    loginAs(Role.admin);
    const current = setting({ fees_count: 2 });
    const fetch = mockFetch((url) => {
      if (url === "/api/period-price-settings/31") return jsonResponse(200, { data: current });
    });
    renderApp("/periods/updatePaymentSetting/31");
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Guardar" }));
    const dialog = await screen.findByRole("dialog", { name: "Cuotas de estudiantes" });
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(bodies(fetch, "PATCH")).toEqual([]);
  });
});

describe("list and delete", () => {
  it("lists the period's setting with CSV export, and a refused delete says 'Ocurrió un error al eliminar la configuración'", async () => {
    loginAs(Role.admin);
    mockFetch((url, init) => {
      if (url.startsWith("/api/periods?")) return jsonResponse(200, { data: [period], meta: {} });
      if (url === "/api/period-price-settings/31" && init.method === "DELETE")
        return jsonResponse(400, {
          message: "price_setting_has_fees",
          description: "La configuración ya se copió en las cuotas de 3 estudiante(s) y no puede eliminarse.",
        });
      if (url.startsWith("/api/periods/5/price-settings")) return jsonResponse(200, listOf([setting()]));
    });
    renderApp("/periods/payment?period_id=5");
    expect(await screen.findByText("01/02/2026: 125,50 · 01/03/2026: 125,00")).toBeInTheDocument();
    expect(screen.getByText("Efectivo, Transferencia Bancaria")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Exportar CSV/ })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Eliminar" }));
    await user.click(await screen.findByRole("button", { name: "Sí" }));
    await waitFor(() =>
      expect(shownNotifications()).toContainEqual(
        expect.objectContaining({
          title: "Ocurrió un error al eliminar la configuración",
          message: "La configuración ya se copió en las cuotas de 3 estudiante(s) y no puede eliminarse.",
        }),
      ),
    );
  });
});
