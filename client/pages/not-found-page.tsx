export function NotFoundPage() {
  return (
    <section className="page">
      <h1>Page not found</h1>
    </section>
  );
}
