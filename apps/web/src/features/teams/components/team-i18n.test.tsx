import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setupI18n } from "@lingui/core";
import { TEAM_COLORS } from "@site/contract";
import { activateLocale } from "@/lib/i18n/i18n";
import { I18nProvider } from "@/lib/i18n/use-t";
import { ConfirmLeaveDialog } from "./confirm-leave-dialog";
import { colourName as teamColourName } from "@/lib/i18n/contract-labels";
import { recruitmentLabel, teamLanguageLabel, teamStatusLabel } from "../api/team-labels";
import { rosterDoneText, translateTeamSuccess } from "./roster-messages";

async function inLanguage(locale: "en" | "fr" | "de" | "ja") {
  const i18n = setupI18n();
  await activateLocale(locale, i18n, true);
  return i18n;
}

describe("team texts in the page's language (#21)", () => {
  it("names every team colour as the contract does in English, and translates it", async () => {
    const en = await inLanguage("en");
    for (const c of TEAM_COLORS) expect(teamColourName(en._.bind(en), c.id)).toBe(c.name);
    const fr = await inLanguage("fr");
    expect(teamColourName(fr._.bind(fr), 1)).toBe("Rouge clair");
    expect(teamColourName(fr._.bind(fr), 40)).toBe("Noir");
    const ja = await inLanguage("ja");
    expect(teamColourName(ja._.bind(ja), 23)).toBe("濃い青");
  });

  it("translates the contract's recruitment, status and language labels", async () => {
    const de = await inLanguage("de");
    const _ = de._.bind(de);
    expect(recruitmentLabel(_, "invite_only")).toBe("Nur auf Einladung");
    expect(teamStatusLabel(_, "banned")).toBe("Gesperrt");
    expect(teamLanguageLabel(_, "fr")).toBe("Französisch");
    expect(teamLanguageLabel(_, "xx")).toBeNull();
  });

  it("shows the server's success message in English and its translation, names kept, elsewhere", async () => {
    const en = await inLanguage("en");
    expect(translateTeamSuccess(en, "You joined Blue Shells.")).toBe("You joined Blue Shells.");
    const fr = await inLanguage("fr");
    expect(translateTeamSuccess(fr, "You joined Blue Shells.")).toBe("Vous avez rejoint Blue Shells.");
    expect(translateTeamSuccess(fr, "Member Three is now a manager.")).toBe("Member Three est désormais manager.");
    expect(translateTeamSuccess(fr, "The claim was approved: Rider now leads the team.")).toBe(
      "La revendication a été approuvée : Rider dirige désormais l’équipe.",
    );
    expect(translateTeamSuccess(fr, "Something new happened.")).toBe("Something new happened.");
  });

  it("words a roster call's success from the action the page performed, not from the English text (#21)", async () => {
    const en = await inLanguage("en");
    expect(
      rosterDoneText(
        en,
        { kind: "kick", teamId: 5, playerId: 3, name: "Member Three" },
        "Blue Shells",
        "Member Three was removed from the team.",
      ),
    ).toBe("Member Three was removed from the team.");
    const ja = await inLanguage("ja");
    // The server's text is not read: a different English sentence gives the same Japanese line.
    expect(rosterDoneText(ja, { kind: "kick", teamId: 5, playerId: 3, name: "Member Three" }, "Blue Shells", "Done.")).toBe(
      "Member Three をチームから外しました。",
    );
    expect(rosterDoneText(ja, { kind: "role", teamId: 5, playerId: 3, role: "manager", name: "Rider" }, "Blue Shells", "Done.")).toBe(
      "Rider はマネージャーになりました。",
    );
    expect(rosterDoneText(ja, { kind: "invitation", id: 2, action: "accept" }, "Blue Shells", "Done.")).toBe(
      "Blue Shells に加入しました。",
    );
    expect(rosterDoneText(ja, { kind: "join_request", teamId: 5, leaveCurrent: true, leaving: "Old Team" }, "Blue Shells", "Done.")).toBe(
      "加入申請が承認されたら Old Team を脱退する旨を申請に記録しました。",
    );
    // Without the name the line needs, the server's text is read as before.
    expect(rosterDoneText(ja, { kind: "kick", teamId: 5, playerId: 3 }, "Blue Shells", "Member Three was removed from the team.")).toBe(
      "Member Three をチームから外しました。",
    );
  });

  it("asks the leave-first question in one sentence per language, the current team's tag inside", async () => {
    const fr = await inLanguage("fr");
    render(
      <I18nProvider i18n={fr}>
        <ConfirmLeaveDialog
          current={{ team_name: "Red Shells", team_tag: "RS", team_color: 3 }}
          action={{ kind: "request", team: "Blue Shells" }}
          onYes={() => {}}
          onNo={() => {}}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole("alertdialog", { name: "Quitter d’abord votre équipe actuelle ?" })).toBeInTheDocument();
    expect(screen.getByText("RS").closest("strong")).toHaveTextContent("RS Red Shells");
    expect(screen.getByText("Quitter Red Shells et demander à rejoindre Blue Shells ?")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Quitter et continuer" })).toBeInTheDocument();
  });
});
