import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import { paymentKeys } from "../../api/period-fee";
import type { SessionUser } from "../../session/types";
import {
  flush,
  jsonResponse,
  loginAs,
  mockFetch,
  renderWithProviders,
  resetAppState,
  shownNotifications,
} from "../../test/render";
import { userEvent } from "../../test/user-event";
import { onPhoneScreen } from "../phone-screen.testing";
import { FEE_DELAY_MS, PaymentBanner } from "./PaymentBanner";
import { makeFee } from "./test-fee";

beforeEach(() => resetAppState());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const latest = {
  id: 5,
  student_id: 10,
  period_id: 3,
  period: { id: 3 },
  payments: [{ id: 1, status: 3, date: "2026-10-01" }],
} as unknown as SessionUser["latest_inscription"];

function loginStudent(gender: string) {
  const base = loginAs(Role.student);
  loginAs(Role.student, {
    latest_inscription: latest,
    student: { ...base.student!, gender, latest_inscription: latest } as SessionUser["student"],
  });
}

describe("payment banner", () => {
  it("asks for the student's fee 200 ms after the layout loads and greets by gender", async () => {
    loginStudent("female");
    const fetch = mockFetch((url) => {
      if (url.startsWith("/api/students/10/period-fee")) return jsonResponse(200, { data: makeFee() });
    });
    renderWithProviders(<PaymentBanner />, { route: "/home" });
    expect(fetch).not.toHaveBeenCalled();
    const region = await screen.findByRole("region", { name: "Aviso de pago" });
    expect(region).toHaveTextContent("Bienvenida, Ana María Pérez. Tiene 3 cuota(s) pendiente(s).");
    expect(region).toHaveTextContent("El último pago fue rechazado");
    expect(fetch).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([u]) => String(u).includes("period-fee"))).toHaveLength(2),
    );

    await userEvent.click(screen.getByRole("button", { name: "Cerrar aviso de pago" }));
    expect(screen.queryByRole("region", { name: "Aviso de pago" })).not.toBeInTheDocument();
  });

  it("says Bienvenido otherwise", async () => {
    loginStudent("male");
    mockFetch((url) => {
      if (url.startsWith("/api/students/10/period-fee")) return jsonResponse(200, { data: makeFee() });
    });
    renderWithProviders(<PaymentBanner />, { route: "/home" });
    expect(await screen.findByRole("region", { name: "Aviso de pago" })).toHaveTextContent(
      "Bienvenido, Ana María Pérez.",
    );
  });

  it("stays silent when the student has no fee (404 student_period_fee_not_found)", async () => {
    loginStudent("female");
    const fetch = mockFetch((url) => {
      if (url.startsWith("/api/students/10/period-fee"))
        return jsonResponse(404, { message: "student_period_fee_not_found", description: "No tiene cuota" });
    });
    const { queryClient } = renderWithProviders(<PaymentBanner />, { route: "/home" });
    // The fee has been asked for and answered (none), and the banner has drawn that answer.
    await waitFor(() =>
      expect(queryClient.getQueryState(paymentKeys.periodFee(10))).toMatchObject({
        status: "success",
        data: null,
      }),
    );
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("region", { name: "Aviso de pago" })).not.toBeInTheDocument();
    expect(shownNotifications()).toEqual([]);
  });

  it("tells an administrator on a student's page how many installments are pending", async () => {
    loginAs(Role.admin);
    mockFetch((url) => {
      if (url.startsWith("/api/students/10/period-fee")) return jsonResponse(200, { data: makeFee() });
      if (url.startsWith("/api/students/10"))
        return jsonResponse(200, {
          data: { id: 10, full_name: "Luis Díaz", latest_inscription: { period: { id: 3 } } },
        });
      if (url.startsWith("/api/payments?"))
        return jsonResponse(200, {
          data: [{ id: 1, status: 2, date: "2026-09-14" }],
          meta: { total: 1, per_page: 1, current_page: 1, last_page: 1 },
        });
    });
    renderWithProviders(<PaymentBanner />, { route: "/students/10/history" });
    const region = await screen.findByRole("region", { name: "Aviso de pago" });
    expect(region).toHaveTextContent("Este estudiante tiene 3 cuota(s) pendiente(s)");
    expect(screen.getByRole("button", { name: "Reportar pago" })).toBeInTheDocument();
  });

  it("shows nothing to staff elsewhere", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch();
    vi.useFakeTimers();
    renderWithProviders(<PaymentBanner />, { route: "/students" });
    // Well past the delay after which the banner asks for a fee.
    await act(() => vi.advanceTimersByTimeAsync(FEE_DELAY_MS * 3));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("is one line on a phone that opens on tap to the whole notice and its actions", async () => {
    const phone = onPhoneScreen();
    try {
      loginStudent("female");
      mockFetch((url) => {
        if (url.startsWith("/api/students/10/period-fee")) return jsonResponse(200, { data: makeFee() });
      });
      renderWithProviders(<PaymentBanner />, { route: "/home" });
      const region = await screen.findByRole("region", { name: "Aviso de pago" });
      const line = within(region).getByRole("button", { name: "Tiene 3 cuota(s) pendiente(s)." });
      expect(line).toHaveAttribute("aria-expanded", "false");
      expect(region).not.toHaveTextContent("Bienvenida");
      expect(region).not.toHaveTextContent("El último pago fue rechazado");
      expect(within(region).queryByRole("button", { name: "Reportar pago" })).not.toBeInTheDocument();

      await userEvent.click(line);
      expect(line).toHaveAttribute("aria-expanded", "true");
      expect(region).toHaveTextContent("Bienvenida, Ana María Pérez. Tiene 3 cuota(s) pendiente(s).");
      expect(region).toHaveTextContent("El último pago fue rechazado");
      expect(within(region).getByRole("button", { name: "Reportar pago" })).toBeInTheDocument();
      expect(within(region).getByRole("button", { name: "Actualizar" })).toBeInTheDocument();

      await userEvent.click(line);
      expect(region).not.toHaveTextContent("El último pago fue rechazado");
      await userEvent.click(within(region).getByRole("button", { name: "Cerrar aviso de pago" }));
      expect(screen.queryByRole("region", { name: "Aviso de pago" })).not.toBeInTheDocument();
    } finally {
      phone.mockRestore();
    }
  });
});
