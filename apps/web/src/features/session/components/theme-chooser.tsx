import { THEMES } from "@site/contract";
import { MenuSelector } from "@/components/ui/menu-selector";
import { useTheme } from "../hooks/use-theme";
import { THEME_LABELS } from "@/lib/theme";

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
  const { theme, setTheme, error } = useTheme();
  return (
    <div className="theme-chooser" title={error ? "Your theme could not be saved." : undefined}>
      <MenuSelector label="Theme" options={OPTIONS} value={theme} onChange={setTheme} />
    </div>
  );
}
