import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { seriesDetail, seriesNames, template } from "@/testing/tournament-fixtures";
import { renderWithProviders } from "@/testing/render";
import { TemplateForm } from "./template-form";

/** #17 §8: the template form shows the fields of its format only and saves no hidden value. */
describe("template form fields by format", () => {
  it("hides the squad fields for solo and sends them neutral", async () => {
    const fetch = mockFetch({
      "GET /api/tournaments/all_series": seriesNames,
      "POST /api/tournaments/series/templates/8": { status: "ok", message: "Template saved.", series_id: 3, id: 8 },
    });
    const { user } = renderWithProviders(<TemplateForm series={seriesDetail()} template={template()} copyOf={null} canChooseRestricted />);
    const format = await screen.findByRole("combobox", { name: "Registration Format" });
    // The fixture is a squad template with tag required, 2–4 players.
    expect(screen.getByRole("checkbox", { name: "Squad Tag Required" })).toBeChecked();
    expect(screen.queryByRole("textbox", { name: "Minimum Check-ins per Squad" })).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "Check-ins Enabled" }));
    expect(screen.getByRole("textbox", { name: "Minimum Check-ins per Squad" })).toBeInTheDocument();

    await user.selectOptions(format, "1");
    expect(screen.queryByRole("checkbox", { name: "Squad Tag Required" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Minimum Players per Squad" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Minimum Check-ins per Squad" })).toBeNull();
    expect(screen.getByRole("checkbox", { name: "Host Ability Required" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save Template" }));
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/tournaments/series/templates/8")).toHaveLength(1));
    const form = callsTo(fetch, "POST", "/api/tournaments/series/templates/8")[0]![1].body as FormData;
    expect(form.get("registration_format")).toBe("1");
    expect(form.get("squad_tag_required")).toBe("0");
    expect(form.get("minimum_team_size")).toBe("");
    expect(form.get("maximum_team_size")).toBe("");
    expect(form.get("minimum_checkins")).toBe("");
    expect(form.get("checkin_required")).toBe("1");
  });
});
