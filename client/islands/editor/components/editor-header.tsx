import { href } from "../../../routes";

type EditorHeaderProps = {
  onSubmit?: () => void;
  submitting?: boolean;
  problemCount?: number;
};

/** Title, the way back to the scanner and layout pages, and SUBMIT LAYOUT once tools are loaded. */
export function EditorHeader({ onSubmit, submitting = false, problemCount = 0 }: EditorHeaderProps) {
  return (
    <header className="fe-header">
      <nav className="fe-header-nav" aria-label="Scanner">
        <a className="fe-button fe-button-ghost" href={href("/scanner")} data-testid="fe-back-scanner">
          BACK TO SCANNER
        </a>
        <a className="fe-button fe-button-ghost" href={href("/scanner/layout")} data-testid="fe-back-layout">
          Back to Layout
        </a>
      </nav>
      <h1 className="fe-title">Foam Layout Editor</h1>
      {onSubmit && (
        <div className="fe-header-actions">
          {problemCount > 0 && (
            <span className="fe-badge fe-badge-problem" data-testid="fe-header-problems">
              {problemCount} {problemCount === 1 ? "problem" : "problems"}
            </span>
          )}
          <button type="button" className="fe-button fe-button-primary" onClick={onSubmit} disabled={submitting} data-testid="fe-submit">
            {submitting ? "SUBMITTING…" : "SUBMIT LAYOUT"}
          </button>
        </div>
      )}
    </header>
  );
}
