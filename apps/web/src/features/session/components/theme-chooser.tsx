import { THEMES } from "@site/contract";
import { MenuSelector } from "@/components/ui/menu-selector";
import { useTheme } from "../hooks/use-theme";
import { THEME_LABELS } from "@/lib/theme";
import { useT } from "@/lib/i18n/use-t";

const OPTIONS = THEMES.map((t) => ({
  value: t,
  label: THEME_LABELS[t],
  icon: <span className="theme-swatch" data-swatch={t} aria-hidden="true" />,
}));

/**
 * Theme chooser (000 §3 themes): six themes applied site-wide. Logged-in users' choice is saved
 * on their account (POST /api/session/theme); visitors' stays in this browser.
 */
export function ThemeChooser() {
  const _ = useT();
  const { theme, setTheme, error } = useTheme();
  return (
    <div className="theme-chooser" title={error ? _("shell.theme.saveFailed") : undefined}>
      <MenuSelector label={_("shell.theme.label")} options={OPTIONS} value={theme} onChange={setTheme} />
    </div>
  );
}
