export function TermsPage() {
  return (
    <section className="page">
      <h1>Terms</h1>
    </section>
  );
}
