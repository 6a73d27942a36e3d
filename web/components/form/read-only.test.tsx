import { NumberInput, Select, Textarea, TextInput } from "@mantine/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";

/** The theme (web/theme.ts) styles read-only inputs apart from editable ones. */
describe("read-only fields", () => {
  it("look read-only: grey, dashed, no text cursor, no primary focus colour", () => {
    renderWithProviders(
      <>
        <TextInput label="Nombre" value="Ana María Pérez" readOnly />
        <NumberInput label="Capacidad" value={30} readOnly />
        <Textarea label="Notas" value="Sin cambios" readOnly />
      </>,
    );
    for (const label of ["Nombre", "Capacidad", "Notas"]) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute("readonly");
      expect(input.style.borderStyle).toBe("dashed");
      expect(input.style.cursor).toBe("default");
      expect(input.style.getPropertyValue("--input-bg")).toBe("var(--mantine-color-gray-1)");
      expect(input.style.getPropertyValue("--input-bd-focus")).toBe("var(--mantine-color-gray-6)");
    }
  });

  it("leave editable fields and selects as they are", () => {
    renderWithProviders(
      <>
        <TextInput label="Correo" defaultValue="ana@example.com" />
        <Select label="Período" data={["2026-1"]} />
      </>,
    );
    for (const input of [
      screen.getByLabelText("Correo"),
      screen.getByRole("combobox", { name: "Período" }),
    ]) {
      expect(input.style.borderStyle).toBe("");
      expect(input.style.getPropertyValue("--input-bg")).toBe("");
    }
  });
});
