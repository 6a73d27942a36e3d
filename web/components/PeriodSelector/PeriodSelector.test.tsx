import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { userEvent } from "../../test/user-event";
import { renderWithProviders } from "../test-utils";
import { type PeriodOption, PeriodSelector } from "./PeriodSelector";

const periods: PeriodOption[] = [
  { id: 7, year: 2024, number: 1, enabled: false },
  { id: 8, year: 2024, number: 2, enabled: true },
  { id: 9, year: 2025, number: 1, enabled: true },
];

function Harness({ initial, list, spy }: { initial: number | null; list?: PeriodOption[]; spy: () => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <PeriodSelector
      periods={list}
      value={value}
      onChange={(id) => {
        spy();
        setValue(id);
      }}
    />
  );
}

describe("PeriodSelector", () => {
  it("selects the first enabled period once loaded", async () => {
    const spy = vi.fn();
    const { rerender } = renderWithProviders(<Harness initial={null} spy={spy} />);
    const input = screen.getByRole("combobox", { name: "Período" });
    expect(input).toBeDisabled();
    expect(spy).not.toHaveBeenCalled();
    rerender(<Harness initial={null} list={periods} spy={spy} />);
    expect(await screen.findByDisplayValue("2024-2")).toBeInTheDocument();
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("reports the id and the period", () => {
    const onChange = vi.fn();
    renderWithProviders(<PeriodSelector periods={periods} value={null} onChange={onChange} />);
    expect(onChange).toHaveBeenCalledWith(8, periods[1]);
  });

  it("keeps a value already chosen", () => {
    const onChange = vi.fn();
    renderWithProviders(<PeriodSelector periods={periods} value={9} onChange={onChange} />);
    expect(screen.getByDisplayValue("2025-1")).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("selects nothing when no period is enabled, or when autoSelect is off", () => {
    const onChange = vi.fn();
    const { rerender } = renderWithProviders(
      <PeriodSelector
        periods={[{ id: 1, year: 2020, number: 1, enabled: false }]}
        value={null}
        onChange={onChange}
      />,
    );
    rerender(<PeriodSelector periods={periods} value={null} onChange={onChange} autoSelect={false} />);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("lists options labelled year-number and reports the chosen one", async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Harness initial={8} list={periods} spy={spy} />);
    await user.click(screen.getByRole("combobox", { name: "Período" }));
    const options = screen.getAllByRole("option").map((option) => option.textContent);
    expect(options).toEqual(["2024-1", "2024-2", "2025-1"]);
    await user.click(screen.getByRole("option", { name: "2025-1" }));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(screen.getByDisplayValue("2025-1")).toBeInTheDocument();
  });
});
