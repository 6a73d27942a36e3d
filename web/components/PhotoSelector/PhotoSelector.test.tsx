import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { userEvent } from "../../test/user-event";
import { renderWithProviders } from "../test-utils";
import { PhotoSelector } from "./PhotoSelector";
import { photoUrl } from "./photo-source";

function Harness({ initial, spy }: { initial: File | string | null; spy: (file: File | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PhotoSelector
      value={value}
      onChange={(file) => {
        spy(file);
        setValue(file);
      }}
    />
  );
}

const preview = () => screen.queryByRole("img", { name: "Foto seleccionada" });

describe("PhotoSelector", () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => "blob:preview-1");
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("previews a chosen file and reports it", async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    const { container } = renderWithProviders(<Harness initial={null} spy={spy} />);
    expect(preview()).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remover foto" })).not.toBeInTheDocument();

    const file = new File(["img"], "yo.png", { type: "image/png" });
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, file);
    expect(spy).toHaveBeenCalledWith(file);
    expect(preview()).toHaveAttribute("src", "blob:preview-1");
  });

  it("clears the photo with Remover foto", async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Harness initial="https://example.test/p.jpg" spy={spy} />);
    expect(preview()).toHaveAttribute("src", "https://example.test/p.jpg");
    await user.click(screen.getByRole("button", { name: "Remover foto" }));
    expect(spy).toHaveBeenCalledWith(null);
    expect(preview()).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remover foto" })).not.toBeInTheDocument();
  });

  it("drops a chosen file the browser cannot show, with a message, instead of a broken preview", async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    const { container } = renderWithProviders(<Harness initial={null} spy={spy} />);
    const fake = new File(["<html>"], "falsa.webp", { type: "image/webp" });
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, fake);
    fireEvent.error(preview()!);
    expect(spy).toHaveBeenLastCalledWith(null);
    expect(preview()).not.toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("No se pudo mostrar la imagen elegida");
    expect(screen.queryByRole("button", { name: "Remover foto" })).not.toBeInTheDocument();
  });

  it("shows the empty frame when a saved picture fails to load", () => {
    const spy = vi.fn();
    renderWithProviders(<Harness initial="/api/users/1/profile-picture" spy={spy} />);
    fireEvent.error(preview()!);
    expect(preview()).not.toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it("accepts a base64 string", () => {
    renderWithProviders(<PhotoSelector value="iVBORw0KGgo=" onChange={() => {}} />);
    expect(preview()).toHaveAttribute("src", "data:image/png;base64,iVBORw0KGgo=");
  });

  it("revokes the object URL of a replaced file", async () => {
    const { rerender } = renderWithProviders(
      <PhotoSelector value={new File(["a"], "a.png", { type: "image/png" })} onChange={() => {}} />,
    );
    rerender(<PhotoSelector value={null} onChange={() => {}} />);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:preview-1");
  });
});

describe("photoUrl", () => {
  it("keeps URLs and wraps raw base64", () => {
    expect(photoUrl("/storage/a.png")).toBe("/storage/a.png");
    expect(photoUrl("data:image/jpeg;base64,AAA")).toBe("data:image/jpeg;base64,AAA");
    expect(photoUrl("AAA")).toBe("data:image/png;base64,AAA");
  });
});
