export function DashboardPage() {
  return (
    <section className="page">
      <h1>Dashboard</h1>
    </section>
  );
}
