export function ToolLayoutPage() {
  return (
    <section className="page">
      <h1>Tool Layout</h1>
    </section>
  );
}
