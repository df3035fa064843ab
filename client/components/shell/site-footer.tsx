import { href } from "../../routes";
import { useSiteConfig } from "../../lib/site-config";
import { BUILD_NUMBER } from "../../../common/version";

export { BUILD_NUMBER };

export function SiteFooter() {
  const { contactEmail } = useSiteConfig();
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <nav aria-label="Legal and contact" className="footer-links">
          <a href={href("/privacy")}>Privacy</a>
          <a href={href("/terms")}>Terms</a>
          <a href={`mailto:${contactEmail}`}>Contact</a>
        </nav>
        <p className="footer-meta">
          {/* The year can differ between server and browser only around midnight on 31 December. */}
          <span suppressHydrationWarning>© {new Date().getFullYear()}</span> Foam Intelligence Platform ·{" "}
          <span className="build-number">Build {BUILD_NUMBER}</span>
        </p>
      </div>
    </footer>
  );
}
