/**
 * The colour theme (decision 031): the visitor's choice of light, dark or the system's setting, kept in localStorage and
 * written to <html data-theme>, which app.css reads. THEME_SCRIPT applies a kept choice in <head>, before the first paint.
 */
export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

const STORAGE_KEY = "idt_theme";

/**
 * Runs inline in <head>, before the stylesheet paints anything: the kept choice, or "system". Its text never changes, so
 * a cached page's policy allows it by one hash, and a page rendered per request by its nonce.
 */
export const THEME_SCRIPT = `(function(){var t;try{t=localStorage.getItem("${STORAGE_KEY}")}catch(e){}document.documentElement.dataset.theme=t==="light"||t==="dark"?t:"system"})()`;

function isThemeChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice);
}

/** The choice the page shows now. */
export function currentThemeChoice(): ThemeChoice {
  const shown = document.documentElement.dataset.theme;
  return isThemeChoice(shown) ? shown : "system";
}

/** The choice after `choice`, in the switch's order: system, light, dark, and round again. */
export function nextThemeChoice(choice: ThemeChoice): ThemeChoice {
  return THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length]!;
}

/** Shows `choice` and keeps it for the next pages; "system" is kept as no choice at all. */
export function applyThemeChoice(choice: ThemeChoice) {
  document.documentElement.dataset.theme = choice;
  try {
    if (choice === "system") localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode, full): the choice holds for this page only.
  }
}

/** Follows a choice made in another tab of the site. */
export function followThemeChoiceOfOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    const stored = event.newValue;
    document.documentElement.dataset.theme = stored === "light" || stored === "dark" ? stored : "system";
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}
