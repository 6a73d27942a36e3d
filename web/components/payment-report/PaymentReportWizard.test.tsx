import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import { jsonResponse, loginAs, mockFetch, renderWithProviders, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";
import { PaymentReportWizard } from "./PaymentReportWizard";
import { makeFee } from "./test-fee";

const TODAY = "2026-10-12";

// The wizard is told today; the clock agrees (only the Date is faked, timers stay real), so the date
// picker's calendar opens on today's month whatever the real date.
beforeEach(() => {
  resetAppState();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(`${TODAY}T15:00:00Z`));
  loginAs(Role.student);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderWizard(onClose = vi.fn(), onReported = vi.fn()) {
  renderWithProviders(
    <PaymentReportWizard
      opened
      onClose={onClose}
      fee={makeFee()}
      studentId={10}
      onReported={onReported}
      today={TODAY}
    />,
  );
  return { onClose, onReported };
}

const button = (name: string) => screen.getByRole("button", { name });
const posted = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === "POST")
    .map(([, init]) => JSON.parse(String(init?.body)));

async function chooseType(name: string) {
  await userEvent.click(screen.getByRole("combobox", { name: /Tipo de pago/ }));
  await userEvent.click(await screen.findByRole("option", { name }));
}

async function fillStepOne({ type = "Transferencia Bancaria", amount = "90" } = {}) {
  await chooseType(type);
  await userEvent.type(screen.getByLabelText(/Fecha de pago/), "11/10/2026");
  if (type !== "Efectivo") await userEvent.type(screen.getByLabelText(/Número de recibo/), "REF-123");
  if (amount) await userEvent.type(screen.getByLabelText(/^Monto/), amount);
}

describe("payment report wizard, step 1 'Datos de pago'", () => {
  it("keeps Siguiente disabled until type and date are filled", async () => {
    mockFetch();
    renderWizard();
    expect(await screen.findByText("Datos de pago")).toBeInTheDocument();
    expect(button("Siguiente")).toBeDisabled();
    await chooseType("Zelle");
    expect(button("Siguiente")).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Fecha de pago/), "11/10/2026");
    expect(button("Siguiente")).toBeEnabled();
  });

  it("takes the date in the Spanish date picker (DD/MM/YYYY), never a day after today", async () => {
    mockFetch();
    renderWizard();
    await screen.findByText("Datos de pago");
    await chooseType("Zelle");
    const date = screen.getByLabelText(/Fecha de pago/);
    // Not the browser's own date field, which follows the browser's language.
    expect(date).not.toHaveAttribute("type", "date");
    expect(date).toHaveAttribute("placeholder", "DD/MM/AAAA");
    // Tomorrow (today is 12/10/2026) is refused: not taken, and it stays in the field with the reason.
    await userEvent.type(date, "13/10/2026");
    expect(button("Siguiente")).toBeDisabled();
    await userEvent.tab();
    expect(date).toHaveValue("13/10/2026");
    expect(screen.getByText("La fecha no puede ser posterior al 12/10/2026.")).toBeInTheDocument();
    // The calendar offers today, not tomorrow.
    await userEvent.clear(date);
    await userEvent.click(date);
    expect(await screen.findByRole("button", { name: "13 octubre 2026" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "12 octubre 2026" }));
    expect(date).toHaveValue("12/10/2026");
    expect(button("Siguiente")).toBeEnabled();
    // A typed day: shown as typed, kept as YYYY-MM-DD (the summary names it).
    await userEvent.clear(date);
    await userEvent.type(date, "1/10/2026");
    await userEvent.tab();
    expect(date).toHaveValue("01/10/2026");
    await userEvent.click(button("Siguiente"));
    expect(await screen.findByText("Zelle, 1 de octubre")).toBeInTheDocument();
  });

  it("offers the methods the fee allows for each mode; changing the mode clears type and amount", async () => {
    mockFetch();
    renderWizard();
    await userEvent.click(await screen.findByRole("combobox", { name: /Tipo de pago/ }));
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([
      "Efectivo",
      "Transferencia Bancaria",
      "Zelle",
    ]);
    await userEvent.click(screen.getByRole("option", { name: "Zelle" }));
    await userEvent.type(screen.getByLabelText(/^Monto/), "50");
    await userEvent.click(screen.getByRole("radio", { name: "Pago total" }));
    expect(screen.getByRole("combobox", { name: /Tipo de pago/ })).toHaveValue("");
    // Full mode: the amount is the total pending, not editable.
    expect(screen.getByLabelText(/^Monto/)).toBeDisabled();
    expect(screen.getByLabelText(/^Monto/)).toHaveValue("260,00");
    await userEvent.click(screen.getByRole("combobox", { name: /Tipo de pago/ }));
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([
      "Transferencia Bancaria",
    ]);
    await userEvent.keyboard("{Escape}");
    await userEvent.click(screen.getByRole("radio", { name: "Por cuotas" }));
    expect(screen.getByLabelText(/^Monto/)).toBeEnabled();
    expect(screen.getByLabelText(/^Monto/)).toHaveValue("");
  });

  it("disables the receipt number for cash", async () => {
    mockFetch();
    renderWizard();
    await screen.findByText("Datos de pago");
    await chooseType("Transferencia Bancaria");
    await userEvent.type(screen.getByLabelText(/Número de recibo/), "REF-1");
    await chooseType("Efectivo");
    expect(screen.getByLabelText(/Número de recibo/)).toBeDisabled();
    expect(screen.getByLabelText(/Número de recibo/)).toHaveValue("");
  });

  it("Cancelar closes and resets the form", async () => {
    mockFetch();
    const { onClose } = renderWizard();
    await screen.findByText("Datos de pago");
    await fillStepOne();
    await userEvent.click(button("Cancelar"));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText(/^Monto/)).toHaveValue("");
    expect(screen.getByLabelText(/Fecha de pago/)).toHaveValue("");
  });
});

describe("payment report wizard, step 2 'Resumen de pago'", () => {
  it("shows the allocation with approved, partial (minus) and new marks, and sends the report after 'Si'", async () => {
    const fetch = mockFetch((url, init) => {
      if (url === "/api/payments" && init.method === "POST") return jsonResponse(201, { data: { id: 1 } });
    });
    const { onClose, onReported } = renderWizard();
    await screen.findByText("Datos de pago");
    await fillStepOne({ amount: "90" });
    await userEvent.click(button("Siguiente"));
    expect(await screen.findByText("Resumen de pago")).toBeInTheDocument();
    const row = (id: number) => within(screen.getByTestId(`installment-${id}`));
    expect(row(1).getByText("Aprobada")).toBeInTheDocument();
    expect(row(2).getByText("− 40,00 pagado")).toBeInTheDocument();
    expect(row(2).getByText(/Abono: 60,00 · Resta: 0,00/)).toBeInTheDocument();
    expect(row(3).getByText(/Abono: 30,00 · Resta: 70,00/)).toBeInTheDocument();
    expect(row(4).getByText("Pendiente: 100,00")).toBeInTheDocument();
    expect(screen.getByText("Monto a pagar: 90,00")).toBeInTheDocument();

    await userEvent.click(button("Reportar pago"));
    const dialog = await screen.findByRole("dialog", { name: "¿Está seguro?" });
    expect(
      within(dialog).getByText("¿Desea reportar el pago? Esta acción no se puede deshacer"),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Sí" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onReported).toHaveBeenCalledTimes(1);
    expect(posted(fetch)).toEqual([
      {
        type: 3,
        date: "2026-10-11",
        amount: 9000,
        receipt_number: "REF-123",
        student_id: 10,
        period_id: 3,
        from_report: true,
        mode: "installment",
      },
    ]);
    // Reset: step 1 again, empty.
    expect(screen.getByText("Datos de pago")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Monto/)).toHaveValue("");
  });

  it("sends cash with a null receipt number, and the total pending in full mode", async () => {
    const fetch = mockFetch((url, init) => {
      if (url === "/api/payments" && init.method === "POST") return jsonResponse(201, { data: { id: 1 } });
    });
    renderWizard();
    await screen.findByText("Datos de pago");
    await userEvent.click(screen.getByRole("radio", { name: "Pago total" }));
    await fillStepOne({ type: "Transferencia Bancaria", amount: "" });
    await userEvent.click(button("Siguiente"));
    await userEvent.click(await screen.findByRole("button", { name: "Reportar pago" }));
    await userEvent.click(await screen.findByRole("button", { name: "Sí" }));
    await waitFor(() => expect(posted(fetch)).toHaveLength(1));
    expect(posted(fetch)[0]).toMatchObject({ amount: 26000, mode: "fully", receipt_number: "REF-123" });
  });

  it("disables 'Reportar pago' with no installment selected; Anterior closes and resets", async () => {
    mockFetch();
    const { onClose } = renderWizard();
    await screen.findByText("Datos de pago");
    await fillStepOne({ type: "Efectivo", amount: "" });
    await userEvent.click(button("Siguiente"));
    expect(await screen.findByRole("button", { name: "Reportar pago" })).toBeDisabled();
    await userEvent.click(button("Anterior"));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Datos de pago")).toBeInTheDocument();
    expect(screen.getByLabelText(/Fecha de pago/)).toHaveValue("");
  });

  it("disables everything while sending; a failure only re-enables the buttons", async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = mockFetch((url, init) => {
      if (url === "/api/payments" && init.method === "POST")
        return new Promise<Response>((r) => (answer = r));
    });
    const { onClose } = renderWizard();
    await screen.findByText("Datos de pago");
    await fillStepOne({ type: "Efectivo", amount: "50" });
    await userEvent.click(button("Siguiente"));
    await userEvent.click(await screen.findByRole("button", { name: "Reportar pago" }));
    await userEvent.click(await screen.findByRole("button", { name: "Sí" }));
    await waitFor(() => expect(posted(fetch)).toHaveLength(1));
    expect(posted(fetch)[0]).toMatchObject({ type: 1, receipt_number: null, amount: 5000 });
    expect(screen.getByRole("button", { name: "No" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Anterior", hidden: true })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Reportar pago", hidden: true })).toBeDisabled();
    answer(jsonResponse(400, { message: "payment_receipt_number_taken", description: "Ya reportado" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Reportar pago" })).toBeEnabled());
    expect(screen.getByRole("button", { name: "Anterior" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Sí" })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText("Resumen de pago")).toBeInTheDocument();
  });

  it("confirming again after a lost answer resends the same Idempotency-Key; the next report gets a new one", async () => {
    let calls = 0;
    const fetch = mockFetch((url, init) => {
      if (url !== "/api/payments" || init.method !== "POST") return undefined;
      calls += 1;
      // The first report reached the server, but its answer did not come back.
      if (calls === 1) throw new TypeError("Failed to fetch");
      return jsonResponse(201, { data: { id: 1 } });
    });
    const { onReported } = renderWizard();
    await screen.findByText("Datos de pago");
    await fillStepOne({ amount: "90" });
    await userEvent.click(button("Siguiente"));
    await userEvent.click(await screen.findByRole("button", { name: "Reportar pago" }));
    await userEvent.click(await screen.findByRole("button", { name: "Sí" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Reportar pago" })).toBeEnabled());
    await userEvent.click(button("Reportar pago"));
    await userEvent.click(await screen.findByRole("button", { name: "Sí" }));
    await waitFor(() => expect(onReported).toHaveBeenCalledTimes(1));
    // A new report of the same data, once the first one succeeded, is another report.
    await fillStepOne({ amount: "90" });
    await userEvent.click(button("Siguiente"));
    await userEvent.click(await screen.findByRole("button", { name: "Reportar pago" }));
    await userEvent.click(await screen.findByRole("button", { name: "Sí" }));
    await waitFor(() => expect(onReported).toHaveBeenCalledTimes(2));
    const keys = fetch.mock.calls
      .filter(([, init]) => init?.method === "POST")
      .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.["Idempotency-Key"]);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
