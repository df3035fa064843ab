export function ScannerGuidePage() {
  return (
    <section className="page">
      <h1>Руководство по сканированию</h1>
    </section>
  );
}
