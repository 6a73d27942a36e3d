import { PasswordInput } from "@mantine/core";
import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setLanguage } from "./i18n";
import { renderWithProviders } from "./test/render";

describe("localized theme", () => {
  it("names the password visibility toggle in the interface language", async () => {
    renderWithProviders(<PasswordInput label="Contraseña" />);
    expect(screen.getByRole("button", { name: "Mostrar u ocultar la contraseña" })).toBeInTheDocument();
    await act(async () => setLanguage("en"));
    expect(screen.getByRole("button", { name: "Show or hide the password" })).toBeInTheDocument();
    await act(async () => setLanguage("es"));
  });
});
