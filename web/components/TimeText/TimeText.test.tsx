import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test-utils";
import { TimeText } from "./TimeText";

describe("TimeText", () => {
  it("shows the time on a 24-hour clock, HH:MM", () => {
    renderWithProviders(<TimeText value="13:05:00" data-testid="time" />);
    expect(screen.getByTestId("time")).toHaveTextContent(/^13:05$/);
    renderWithProviders(<TimeText value="7:00:00" data-testid="morning" />);
    expect(screen.getByTestId("morning")).toHaveTextContent(/^07:00$/);
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
