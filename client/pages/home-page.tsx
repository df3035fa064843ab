export function HomePage() {
  return (
    <section className="page">
      <h1>Foam Intelligence Platform</h1>
    </section>
  );
}
