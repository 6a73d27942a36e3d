import { Button } from "@mantine/core";
import { useForm } from "@mantine/form";
import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { userEvent } from "../../test/user-event";
import { zodErrors } from "../form/zod-errors";
import { renderWithProviders } from "../test-utils";
import { DateField } from "./DateField";
import { DateTimeField } from "./DateTimeField";

const schema = z.object({ day: z.iso.date() });

/** A form as the pages write them: the field's value in a Mantine form checked with a Zod schema. */
function Form({ onSave, initial = "" }: { onSave: (day: string) => void; initial?: string }) {
  const form = useForm({
    initialValues: { day: initial },
    validate: (values) => zodErrors(schema, values),
  });
  return (
    <form onSubmit={form.onSubmit((values) => onSave(values.day))} noValidate>
      <DateField label="Fecha de inicio" {...form.getInputProps("day")} />
      <Button type="reset" onClick={() => form.setValues({ day: "2026-03-04" })}>
        Otra
      </Button>
      <Button type="submit">Guardar</Button>
    </form>
  );
}

const field = () => screen.getByLabelText("Fecha de inicio");

describe("the date field", () => {
  it("reads a typed date day first and keeps it as YYYY-MM-DD", async () => {
    const onSave = vi.fn();
    renderWithProviders(<Form onSave={onSave} />);
    expect(field()).not.toHaveAttribute("type", "date");
    expect(field()).toHaveAttribute("placeholder", "DD/MM/AAAA");
    await userEvent.type(field(), "15/01/2027");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(onSave).toHaveBeenCalledWith("2027-01-15");
    expect(field()).toHaveValue("15/01/2027");
  });

  it("writes a short typed date out on leaving the field", async () => {
    const onSave = vi.fn();
    renderWithProviders(<Form onSave={onSave} />);
    await userEvent.type(field(), "9/1/2027");
    await userEvent.tab();
    expect(field()).toHaveValue("09/01/2027");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(onSave).toHaveBeenCalledWith("2027-01-09");
  });

  it("shows an error for a day that does not exist, keeps the text and blocks the form", async () => {
    const onSave = vi.fn();
    renderWithProviders(<Form onSave={onSave} />);
    await userEvent.type(field(), "31/02/2027");
    await userEvent.tab();
    expect(field()).toHaveValue("31/02/2027");
    expect(field()).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText(/Escriba una fecha que exista como DD\/MM\/AAAA/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it("never keeps the previous date when the text is changed into something unreadable", async () => {
    const onSave = vi.fn();
    renderWithProviders(<Form onSave={onSave} initial="2027-01-15" />);
    expect(field()).toHaveValue("15/01/2027");
    // Month first (an American habit) or a two-digit year is not a date here.
    await userEvent.clear(field());
    await userEvent.type(field(), "01/15/27");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(onSave).not.toHaveBeenCalled();
    expect(field()).toHaveValue("01/15/27");
    expect(screen.getByText(/Escriba una fecha que exista/)).toBeInTheDocument();
    // Corrected, it saves.
    await userEvent.clear(field());
    await userEvent.type(field(), "16/01/2027");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(onSave).toHaveBeenCalledWith("2027-01-16");
    expect(screen.queryByText(/Escriba una fecha que exista/)).not.toBeInTheDocument();
  });

  it("shows a value set from outside, even over an unreadable text", async () => {
    renderWithProviders(<Form onSave={vi.fn()} />);
    await userEvent.type(field(), "99/99/9999");
    await userEvent.click(screen.getByRole("button", { name: "Otra" }));
    expect(field()).toHaveValue("04/03/2026");
    expect(screen.queryByText(/Escriba una fecha que exista/)).not.toBeInTheDocument();
  });

  it("refuses a typed day outside its bounds with a message naming the bound", async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <DateField label="Fecha de inicio" value="" onChange={onChange} maxDate="2026-10-12" />,
    );
    await userEvent.type(field(), "13/10/2026");
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith("13/10/2026");
    expect(screen.getByText("La fecha no puede ser posterior al 12/10/2026.")).toBeInTheDocument();
  });
});

function DateTime({ onValue }: { onValue: (value: string) => void }) {
  const [value, setValue] = useState("2026-12-01T09:00");
  return (
    <DateTimeField
      label="Fecha de la entrega"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe("the date-and-time field", () => {
  it("joins a DD/MM/AAAA day and a 24-hour time into YYYY-MM-DDTHH:MM", async () => {
    const onValue = vi.fn();
    renderWithProviders(<DateTime onValue={onValue} />);
    expect(screen.getByRole("group", { name: /Fecha de la entrega/ })).toBeInTheDocument();
    const [date, time] = [screen.getByLabelText("Fecha"), screen.getByLabelText("Hora")];
    expect(date).toHaveValue("01/12/2026");
    expect(time).toHaveValue("09:00");
    await userEvent.clear(date);
    await userEvent.type(date, "09/12/2026");
    await userEvent.clear(time);
    await userEvent.type(time, "14:30");
    expect(onValue).toHaveBeenLastCalledWith("2026-12-09T14:30");
  });

  it("passes on an unreadable time so the form refuses it, and says why", async () => {
    const onValue = vi.fn();
    renderWithProviders(<DateTime onValue={onValue} />);
    const time = screen.getByLabelText("Hora");
    await userEvent.clear(time);
    await userEvent.type(time, "2:30 PM");
    await userEvent.tab();
    expect(onValue).toHaveBeenLastCalledWith("2026-12-01T2:30 PM");
    expect(screen.getByText(/Escriba la hora de 00:00 a 23:59/)).toBeInTheDocument();
  });
});
