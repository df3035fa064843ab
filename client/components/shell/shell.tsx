import { useEffect, useState, type ReactNode } from "react";
import { href, type PageRoute } from "../../routes";
import { AuthActions } from "./auth-actions";
import { NAV_LINKS } from "./nav-links";
import { SiteFooter } from "./site-footer";
import { ThemeToggle } from "./theme-toggle";

/**
 * The frame around every page: skip link, header (logo, navigation, theme toggle, auth actions),
 * main content and footer. On narrow screens the navigation and auth actions fold behind the menu
 * toggle; without JavaScript they stay open (see shell.css: only html[data-theme], which the
 * theme script sets, collapses them).
 */
export function Shell({ route, children }: { route: PageRoute; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        document.getElementById("menu-toggle")?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <div className="app-shell" data-page={route.page}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <a className="logo" href={href("/")} aria-label="Foam Intelligence Platform — home">
            <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" className="logo-mark">
              <rect x="2" y="2" width="28" height="28" rx="7" fill="currentColor" />
              <path d="M9 10h14M9 16h9M9 22h5" stroke="var(--surface)" strokeWidth="3" strokeLinecap="round" />
            </svg>
            <span className="logo-text">
              Foam<span className="logo-text-accent"> Intelligence</span>
            </span>
          </a>
          <div className="header-tools">
            <ThemeToggle />
            <button
              type="button"
              id="menu-toggle"
              className="icon-button menu-toggle"
              aria-expanded={menuOpen}
              aria-controls="site-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                {menuOpen ? (
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                ) : (
                  <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                )}
              </svg>
              <span className="visually-hidden">Menu</span>
            </button>
          </div>
          <div id="site-menu" className="site-menu" data-open={menuOpen ? "true" : "false"}>
            <nav aria-label="Main navigation" className="site-nav">
              <ul>
                {NAV_LINKS.map((link) => {
                  const current = route.path === link.path;
                  return (
                    <li key={link.path}>
                      <a href={href(link.path)} aria-current={current ? "page" : undefined}>
                        {link.label}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </nav>
            <AuthActions />
          </div>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
