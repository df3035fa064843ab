import { useTheme } from "../../lib/theme";

/**
 * Light/dark switch. The server cannot know the theme, so the button renders identically on both
 * sides: both icons are drawn and CSS (html[data-theme]) shows the right one before hydration;
 * aria-pressed and the title are added only after mount.
 */
export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const title = theme === null ? undefined : theme === "dark" ? "Switch to light theme" : "Switch to dark theme";
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      onClick={toggle}
      aria-pressed={theme === null ? undefined : theme === "dark"}
      title={title}
      data-theme-state={theme ?? undefined}
    >
      <svg className="theme-icon theme-icon-moon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M20.7 14.3A8.5 8.5 0 0 1 9.7 3.3a8.5 8.5 0 1 0 11 11Z" />
      </svg>
      <svg className="theme-icon theme-icon-sun" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="4.5" fill="currentColor" />
        <path
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          d="M12 1.5v2.5M12 20v2.5M1.5 12H4M20 12h2.5M4.6 4.6l1.8 1.8M17.6 17.6l1.8 1.8M4.6 19.4l1.8-1.8M17.6 6.4l1.8-1.8"
        />
      </svg>
      <span className="visually-hidden">Dark theme</span>
    </button>
  );
}
