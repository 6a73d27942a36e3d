import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test-utils";
import { TimeText } from "./TimeText";

describe("TimeText", () => {
  it("shows the time on a 12-hour clock", () => {
    renderWithProviders(<TimeText value="13:05:00" data-testid="time" />);
    expect(screen.getByTestId("time")).toHaveTextContent("1:05 PM");
  });

  it("shows an invalid value as it is", () => {
    renderWithProviders(<TimeText value="soon" data-testid="time" />);
    expect(screen.getByTestId("time")).toHaveTextContent("soon");
  });

  it("renders nothing for an empty value", () => {
    renderWithProviders(
      <span data-testid="wrapper">
        <TimeText value={null} />
      </span>,
    );
    expect(screen.getByTestId("wrapper")).toBeEmptyDOMElement();
  });
});
