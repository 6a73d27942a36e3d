import { act, fireEvent, renderHook, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { userEvent } from "../../test/user-event";
import { renderWithProviders } from "../test-utils";
import { CountedTextarea } from "./CountedTextarea";
import { CountedTextInput } from "./CountedTextInput";
import { DEBOUNCE_MS, TEXT_INPUT_DEBOUNCE_MS, useDebounced } from "./debounce";

afterEach(() => {
  vi.useRealTimers();
});

function Controlled({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState("hola");
  return (
    <CountedTextInput
      label="Nombre"
      maxLength={255}
      value={value}
      onChange={(event) => {
        onChange(event.currentTarget.value);
        setValue(event.currentTarget.value);
      }}
    />
  );
}

describe("CountedTextInput", () => {
  it("counts characters against maxLength while typing (uncontrolled)", async () => {
    const user = userEvent.setup();
    renderWithProviders(<CountedTextInput label="Código" maxLength={10} />);
    expect(screen.getByTestId("char-counter")).toHaveTextContent("0/10");
    await user.type(screen.getByLabelText("Código"), "A-101");
    expect(screen.getByTestId("char-counter")).toHaveTextContent("5/10");
    expect(screen.getByLabelText("Código")).toHaveAttribute("maxLength", "10");
  });

  it("counts a controlled value and calls onChange", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Controlled onChange={onChange} />);
    expect(screen.getByTestId("char-counter")).toHaveTextContent("4/255");
    await user.type(screen.getByLabelText("Nombre"), "!");
    expect(onChange).toHaveBeenLastCalledWith("hola!");
    expect(screen.getByTestId("char-counter")).toHaveTextContent("5/255");
  });

  it("shows no counter without maxLength", () => {
    renderWithProviders(<CountedTextInput label="Libre" />);
    expect(screen.queryByTestId("char-counter")).not.toBeInTheDocument();
  });

  it("fires onDebouncedChange once, 600 ms after the last keystroke", () => {
    vi.useFakeTimers();
    const onDebouncedChange = vi.fn();
    renderWithProviders(<CountedTextInput label="Buscar" onDebouncedChange={onDebouncedChange} />);
    const input = screen.getByLabelText("Buscar");
    fireEvent.change(input, { target: { value: "a" } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(input, { target: { value: "ab" } });
    act(() => vi.advanceTimersByTime(599));
    expect(onDebouncedChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDebouncedChange).toHaveBeenCalledTimes(1);
    expect(onDebouncedChange).toHaveBeenCalledWith("ab");
  });

  it("honours a custom debounce delay", () => {
    vi.useFakeTimers();
    const onDebouncedChange = vi.fn();
    renderWithProviders(
      <CountedTextInput label="X" debounceMs={300} onDebouncedChange={onDebouncedChange} />,
    );
    fireEvent.change(screen.getByLabelText("X"), { target: { value: "z" } });
    act(() => vi.advanceTimersByTime(300));
    expect(onDebouncedChange).toHaveBeenCalledWith("z");
  });
});

describe("CountedTextarea", () => {
  it("counts characters and debounces", () => {
    vi.useFakeTimers();
    const onDebouncedChange = vi.fn();
    renderWithProviders(
      <CountedTextarea
        label="Descripción"
        maxLength={255}
        defaultValue="abc"
        onDebouncedChange={onDebouncedChange}
      />,
    );
    expect(screen.getByTestId("char-counter")).toHaveTextContent("3/255");
    fireEvent.change(screen.getByLabelText("Descripción"), { target: { value: "abcdefghijkl" } });
    expect(screen.getByTestId("char-counter")).toHaveTextContent("12/255");
    act(() => vi.advanceTimersByTime(599));
    expect(onDebouncedChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDebouncedChange).toHaveBeenCalledWith("abcdefghijkl");
  });
});

describe("debounce defaults (spec.md §9)", () => {
  it("waits 300 ms in a component that gives no other value, 600 ms in text inputs", () => {
    expect(DEBOUNCE_MS).toBe(300);
    expect(TEXT_INPUT_DEBOUNCE_MS).toBe(600);
    vi.useFakeTimers();
    const callback = vi.fn();
    const { result } = renderHook(() => useDebounced(callback));
    act(() => result.current("a"));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current("b"));
    act(() => vi.advanceTimersByTime(299));
    expect(callback).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(callback).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledWith("b");
  });

  it("keeps a text input's 600 ms when debounceMs is passed as undefined", () => {
    vi.useFakeTimers();
    const onDebouncedChange = vi.fn();
    renderWithProviders(
      <CountedTextInput label="Nombre" debounceMs={undefined} onDebouncedChange={onDebouncedChange} />,
    );
    fireEvent.change(screen.getByLabelText("Nombre"), { target: { value: "x" } });
    act(() => vi.advanceTimersByTime(300));
    expect(onDebouncedChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(onDebouncedChange).toHaveBeenCalledWith("x");
  });
});
