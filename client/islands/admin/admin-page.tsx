export function AdminPage() {
  return (
    <section className="page">
      <h1>Admin Console</h1>
    </section>
  );
}
