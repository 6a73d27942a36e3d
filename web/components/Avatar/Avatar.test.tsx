import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test-utils";
import { Avatar } from "./Avatar";
import { avatarColor, hasPicture } from "./avatar-color";

describe("Avatar", () => {
  it("shows the picture when there is one", () => {
    renderWithProviders(<Avatar src="/uploads/ana.png" text="ana" />);
    expect(screen.getByRole("img", { name: "ana" })).toHaveAttribute("src", "/uploads/ana.png");
    expect(screen.queryByText("A")).not.toBeInTheDocument();
  });

  it("falls back to the first letter when the picture fails to load", () => {
    renderWithProviders(<Avatar src="/uploads/broken.png" text="maría" />);
    fireEvent.error(screen.getByRole("img", { name: "maría" }));
    expect(screen.queryByRole("img", { name: "maría" })).not.toBeInTheDocument();
    expect(screen.getByText("M")).toBeInTheDocument();
  });

  it("treats a missing or default picture as none", () => {
    const { rerender } = renderWithProviders(<Avatar src="/storage/default-avatar.png" text="luis" />);
    expect(screen.queryByRole("img", { name: "luis" })).not.toBeInTheDocument();
    expect(screen.getByText("L")).toBeInTheDocument();
    rerender(<Avatar src={null} text="luis" />);
    expect(screen.getByText("L")).toBeInTheDocument();
  });

  it("is 30 px by default", () => {
    const { container } = renderWithProviders(<Avatar text="x" />);
    const root = container.querySelector(".mantine-Avatar-root") as HTMLElement;
    expect(root.style.getPropertyValue("--avatar-size")).toContain("1.875rem");
  });
});

describe("avatar helpers", () => {
  it("derives the colour deterministically from the text", () => {
    expect(avatarColor("Pedro Pérez")).toBe(avatarColor("Pedro Pérez"));
    const colours = new Set(["Ana", "Beto", "Carla", "Diego", "Elena", "Fabio"].map(avatarColor));
    expect(colours.size).toBeGreaterThan(1);
  });

  it("counts default file names as no picture", () => {
    expect(hasPicture("/a/default.png")).toBe(false);
    expect(hasPicture("/a/DEFAULT_profile.jpg?x=1")).toBe(false);
    expect(hasPicture("/default/ana.png")).toBe(true);
    expect(hasPicture("")).toBe(false);
    expect(hasPicture(undefined)).toBe(false);
  });
});
