export function ScannerPage() {
  return (
    <section className="page">
      <h1>Tool Scanner</h1>
    </section>
  );
}
