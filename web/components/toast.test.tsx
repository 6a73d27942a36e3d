import { notifications } from "@mantine/notifications";
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "./test-utils";
import { TOAST_DEFAULTS, toast, toastData } from "./toast";

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("toastData", () => {
  it("closes after 3000 ms by default, without a close button", () => {
    const data = toastData("success", "Hecho");
    expect(data).toMatchObject({ message: "Hecho", color: "green", autoClose: 3000, withCloseButton: false });
    expect(TOAST_DEFAULTS).toEqual({ position: "bottom-right", autoClose: 3000, containerWidth: 550 });
  });

  it("keeps the given duration", () => {
    expect(toastData("warning", "x", { duration: 10_000 })).toMatchObject({
      autoClose: 10_000,
      color: "yellow",
    });
  });

  it.each([0, -1])("stays open with a close button when the duration is %i", (duration) => {
    expect(toastData("error", "x", { duration })).toMatchObject({ autoClose: false, withCloseButton: true });
  });

  it("gives each type its colour", () => {
    expect(toastData("info", "x").color).toBe("blue");
    expect(toastData("error", "x").color).toBe("red");
  });
});

describe("toast", () => {
  it("shows the message with its title and removes it after the duration", async () => {
    vi.useFakeTimers();
    renderWithProviders(<div />);
    act(() => {
      toast.info("Mensaje de prueba", { title: "Aviso" });
    });
    expect(screen.getByText("Mensaje de prueba")).toBeInTheDocument();
    expect(screen.getByText("Aviso")).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3500);
    });
    expect(screen.queryByText("Mensaje de prueba")).not.toBeInTheDocument();
  });

  it("pauses while hovered and restarts the timer on leave", async () => {
    vi.useFakeTimers();
    renderWithProviders(<div />);
    act(() => {
      toast.success("Pausado");
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    fireEvent.mouseEnter(screen.getByRole("alert"));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(screen.getByText("Pausado")).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByRole("alert"));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(screen.getByText("Pausado")).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(screen.queryByText("Pausado")).not.toBeInTheDocument();
  });

  it("keeps a message with duration 0 until its close button is used", async () => {
    vi.useFakeTimers();
    renderWithProviders(<div />);
    act(() => {
      toast.error("Persistente", { duration: 0 });
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(screen.getByText("Persistente")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button"));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByText("Persistente")).not.toBeInTheDocument();
  });
});

describe("toast.loading", () => {
  it("shows a loading message with no timer, then the success message", async () => {
    const show = vi.spyOn(notifications, "show");
    const update = vi.spyOn(notifications, "update");
    let finish!: (value: number) => void;
    const pending = toast.loading("Cargando", () => new Promise<number>((resolve) => (finish = resolve)), {
      success: (n) => `Listo ${n}`,
    });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        message: "Cargando",
        loading: true,
        autoClose: false,
        withCloseButton: false,
      }),
    );
    expect(update).not.toHaveBeenCalled();
    finish(3);
    await expect(pending).resolves.toBe(3);
    const id = show.mock.results[0]!.value as string;
    expect(update).toHaveBeenCalledWith(
      expect.objectContaining({ id, message: "Listo 3", color: "green", loading: false, autoClose: 3000 }),
    );
  });

  it("removes the loading message when no result text is given, and rethrows failures", async () => {
    const hide = vi.spyOn(notifications, "hide");
    const failure = new Error("boom");
    await expect(toast.loading("Cargando", () => Promise.reject(failure))).rejects.toBe(failure);
    expect(hide).toHaveBeenCalledTimes(1);
  });

  it("turns into an error message when the action fails and an error text is given", async () => {
    const update = vi.spyOn(notifications, "update");
    await expect(
      toast.loading("Cargando", () => Promise.reject(new Error("x")), { error: "Falló" }),
    ).rejects.toThrow("x");
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ message: "Falló", color: "red" }));
  });
});
