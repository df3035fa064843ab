export function AboutPage() {
  return (
    <section className="page">
      <h1>About</h1>
    </section>
  );
}
