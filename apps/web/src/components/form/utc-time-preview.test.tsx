import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { UtcTimePreview } from "./utc-time-preview";

describe("UtcTimePreview", () => {
  it("shows a UTC datetime-local value in the admin's zone and in UTC", () => {
    render(<UtcTimePreview id="p" value="2030-01-10T18:00" kind="datetime" timeZone="Europe/Berlin" />);
    expect(screen.getByTestId("utc-preview")).toHaveTextContent(
      "Your time (CET): Thu Jan 10 2030, 19:00 CET · UTC: Thu Jan 10 2030, 18:00 UTC",
    );
  });

  it("shows a deadline date as the end of its day", () => {
    render(<UtcTimePreview id="p" value="2030-01-10" kind="deadline" timeZone="America/New_York" />);
    expect(screen.getByTestId("utc-preview")).toHaveTextContent(
      "Your time (EST): Thu Jan 10 2030, 18:59:59 EST · UTC: Thu Jan 10 2030, 23:59:59 UTC",
    );
  });

  it("is empty without a readable value", () => {
    render(<UtcTimePreview id="p" value="" kind="datetime" timeZone="Europe/Berlin" />);
    expect(screen.getByTestId("utc-preview")).toBeEmptyDOMElement();
  });
});
