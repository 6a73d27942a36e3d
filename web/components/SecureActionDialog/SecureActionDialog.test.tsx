import { act, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { userEvent } from "../../test/user-event";
import { renderWithProviders } from "../test-utils";
import { confirmSecureAction } from "./confirm-secure-action";
import { SecureActionDialog } from "./SecureActionDialog";

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        abrir
      </button>
      <SecureActionDialog opened={opened} onClose={() => setOpened(false)} onConfirm={onConfirm} />
    </>
  );
}

const code = () => screen.getByTestId("secure-action-code").textContent ?? "";
const input = () => screen.getByRole("textbox", { name: "Texto de confirmación" });
const confirmButton = () => screen.getByRole("button", { name: "Confirmar" });

describe("SecureActionDialog", () => {
  it("shows the prompt and a random 12-character alphanumeric string", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness onConfirm={() => {}} />);
    await user.click(screen.getByRole("button", { name: "abrir" }));
    expect(screen.getByText("Para proceder, por favor ingrese el texto a continuación")).toBeInTheDocument();
    expect(code()).toMatch(/^[A-Za-z0-9]{12}$/);
  });

  it("enables Confirmar only on an exact, case-sensitive match", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole("button", { name: "abrir" }));
    const expected = code();
    expect(confirmButton()).toBeDisabled();

    await user.type(input(), expected.slice(0, 11));
    expect(confirmButton()).toBeDisabled();

    await user.clear(input());
    const swapped = expected.replace(/[A-Za-z]/g, (c) =>
      c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase(),
    );
    expect(swapped).not.toBe(expected);
    await user.type(input(), swapped);
    expect(confirmButton()).toBeDisabled();

    await user.clear(input());
    await user.type(input(), `${expected} `);
    expect(confirmButton()).toBeDisabled();

    await user.clear(input());
    await user.type(input(), expected);
    expect(confirmButton()).toBeEnabled();
    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("closes with Cancelar without confirming, and draws a new string on the next opening", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole("button", { name: "abrir" }));
    const first = code();
    await user.type(input(), first);
    await user.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByTestId("secure-action-code")).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "abrir" }));
    expect(code()).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(code()).not.toBe(first);
    expect(input()).toHaveValue("");
    expect(confirmButton()).toBeDisabled();
  });
});

describe("confirmSecureAction", () => {
  it("resolves true after the exact string is typed and confirmed", async () => {
    const user = userEvent.setup();
    renderWithProviders(<div />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmSecureAction({ description: "Se eliminará el período" });
    });
    expect(await screen.findByText("Se eliminará el período")).toBeInTheDocument();
    await user.type(input(), code());
    await user.click(confirmButton());
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByTestId("secure-action-code")).not.toBeInTheDocument();
  });

  it("resolves false on Cancelar", async () => {
    const user = userEvent.setup();
    renderWithProviders(<div />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmSecureAction();
    });
    await user.click(await screen.findByRole("button", { name: "Cancelar" }));
    await expect(answer).resolves.toBe(false);
  });
});
