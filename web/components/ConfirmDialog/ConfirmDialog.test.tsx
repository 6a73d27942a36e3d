import { act, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { userEvent } from "../../test/user-event";
import { renderWithProviders } from "../test-utils";
import { ConfirmDialog } from "./ConfirmDialog";
import { confirmAction } from "./confirm-action";

describe("ConfirmDialog", () => {
  it("calls onConfirm for Si and onCancel for No", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDialog opened message="¿Eliminar el aula A1?" onConfirm={onConfirm} onCancel={onCancel} />,
    );
    expect(screen.getByText("¿Está seguro?")).toBeInTheDocument();
    expect(screen.getByText("¿Eliminar el aula A1?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sí" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "No" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("shows nothing when closed", () => {
    renderWithProviders(
      <ConfirmDialog opened={false} message="x" onConfirm={() => {}} onCancel={() => {}} />,
    );
    expect(screen.queryByRole("button", { name: "Sí" })).not.toBeInTheDocument();
  });
});

describe("confirmAction", () => {
  it("resolves true when Si is chosen", async () => {
    const user = userEvent.setup();
    renderWithProviders(<div />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmAction({ title: "Eliminar", message: "¿Desea eliminar?" });
    });
    expect(await screen.findByText("¿Desea eliminar?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sí" }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByText("¿Desea eliminar?")).not.toBeInTheDocument();
  });

  it("resolves false when No is chosen", async () => {
    const user = userEvent.setup();
    renderWithProviders(<div />);
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmAction({ message: "¿Desea eliminar?" });
    });
    await user.click(await screen.findByRole("button", { name: "No" }));
    await expect(answer).resolves.toBe(false);
  });
});
