export function ScannerInstructionsPage() {
  return (
    <section className="page">
      <h1>Scanning instructions</h1>
    </section>
  );
}
