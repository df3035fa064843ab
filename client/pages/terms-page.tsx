export function TermsPage() {
  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1>Terms</h1>
        <p>These placeholder terms will be replaced by the final agreement before launch.</p>
      </header>
      <ul className="bullets">
        <li>Calculator prices are rough estimates; the confirmed quote is binding.</li>
        <li>You are responsible for checking scanned outlines and dimensions before production.</li>
        <li>Custom-cut foam is made to order and cannot be returned unless it deviates from the approved layout.</li>
        <li>Keep your account credentials confidential; you are responsible for activity under your account.</li>
        <li>We may update these terms; continued use after a change means you accept it.</li>
      </ul>
    </div>
  );
}
