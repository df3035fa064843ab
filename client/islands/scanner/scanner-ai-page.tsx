export function ScannerAiPage() {
  return (
    <section className="page">
      <h1>AI Tool Scanner</h1>
    </section>
  );
}
