export function PrivacyPage() {
  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1>Privacy</h1>
        <p>This is a placeholder policy; the full text will be published before launch.</p>
      </header>
      <ul className="bullets">
        <li>We store your account e-mail, name and company to run your orders.</li>
        <li>Tool photos are processed to extract outlines; the outlines are kept with your projects.</li>
        <li>Your session token and theme choice stay in your browser's local storage.</li>
        <li>We never sell your data and share it only with the production partners cutting your foam.</li>
        <li>Ask us to export or delete your data at any time through the contact link below.</li>
      </ul>
    </div>
  );
}
