import { describe, expect, it } from "vitest";
import { EVENT_FORMAT } from "@site/contract";
import { formatFields, withoutHiddenFields } from "./format-fields";

/** #17 §8: the fields that apply to each registration format (decisions.md "#17 §8 fields by format"). */
describe("formatFields", () => {
  it("maps each format to its fields", () => {
    expect(formatFields(EVENT_FORMAT.team, false)).toEqual({
      teamSize: true,
      prTier: true,
      squadSize: false,
      squadTagAndName: false,
      hostAndIgn: false,
      checkins: false,
      checkinMinimum: false,
    });
    expect(formatFields(EVENT_FORMAT.solo, true)).toEqual({
      teamSize: false,
      prTier: false,
      squadSize: false,
      squadTagAndName: false,
      hostAndIgn: true,
      checkins: true,
      checkinMinimum: false,
    });
    expect(formatFields(EVENT_FORMAT.squad, false)).toMatchObject({
      squadSize: true,
      squadTagAndName: true,
      checkins: true,
      checkinMinimum: false,
    });
    expect(formatFields(EVENT_FORMAT.squad, true).checkinMinimum).toBe(true);
    expect(Object.values(formatFields(null, true)).every((v) => v === false)).toBe(true);
  });
});

describe("withoutHiddenFields", () => {
  const names = { minimumPlayers: "minimum_players", maximumPlayers: "maximum_players", checkinMinimum: "checkin_minimum" } as const;
  const typed = {
    registration_format: "2",
    pr_value: "30",
    minimum_players: "2",
    maximum_players: "ab",
    checkin_minimum: "zz",
    squad_tag_required: true,
    squad_name_required: true,
    host_required: true,
    ign_required: true,
    checkin_required: false,
    title: "kept",
  };

  it("sends a squad's own fields and clears the tier and the check-in minimum without check-ins", () => {
    expect(withoutHiddenFields(typed, names)).toEqual({ ...typed, pr_value: "0", checkin_minimum: "" });
  });

  it("clears every squad-only value once the format becomes solo", () => {
    expect(withoutHiddenFields({ ...typed, registration_format: "1", checkin_required: true }, names)).toEqual({
      ...typed,
      registration_format: "1",
      checkin_required: true,
      pr_value: "0",
      minimum_players: "",
      maximum_players: "",
      checkin_minimum: "",
      squad_tag_required: false,
      squad_name_required: false,
    });
  });

  it("keeps a team's size and tier and clears the solo and squad requirements", () => {
    expect(withoutHiddenFields({ ...typed, registration_format: "0", checkin_required: true }, names)).toEqual({
      ...typed,
      registration_format: "0",
      maximum_players: "",
      checkin_minimum: "",
      squad_tag_required: false,
      squad_name_required: false,
      host_required: false,
      ign_required: false,
      checkin_required: false,
    });
  });
});
