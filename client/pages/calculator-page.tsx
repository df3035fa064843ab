export function CalculatorPage() {
  return (
    <section className="page">
      <h1>Foam Insert Calculator</h1>
    </section>
  );
}
