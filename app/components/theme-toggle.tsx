/**
 * The theme switch in the navigation bar: system, light, dark, and round again. What it shows (icon and name) comes from
 * <html data-theme> through app.css, so it is right before the page hydrates; it is hidden without JavaScript.
 */
import { useEffect } from "react";
import { useT } from "../i18n.tsx";
import {
  applyThemeChoice,
  currentThemeChoice,
  followThemeChoiceOfOtherTabs,
  nextThemeChoice,
  THEME_CHOICES,
  type ThemeChoice,
} from "../theme.ts";

const ICONS: Record<ThemeChoice, string> = {
  system: "M4 5h16v11H4zM9 20h6M12 16v4",
  light:
    "M12 3v2M12 19v2M3 12h2M19 12h2M5.6 5.6l1.4 1.4M17 17l1.4 1.4M5.6 18.4 7 17M17 7l1.4-1.4M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z",
  dark: "M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z",
};

export function ThemeToggle() {
  useEffect(followThemeChoiceOfOtherTabs, []);
  const t = useT();
  return (
    <button
      type="button"
      className="theme-toggle"
      data-testid="theme-toggle"
      title={t("theme.switch")}
      onClick={() => applyThemeChoice(nextThemeChoice(currentThemeChoice()))}
    >
      {THEME_CHOICES.map((choice) => (
        <span key={choice} data-choice={choice}>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={ICONS[choice]} />
          </svg>
          <span className="sr-only">{t("theme.current", { choice })}</span>
        </span>
      ))}
    </button>
  );
}
