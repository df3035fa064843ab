export function LoginPage() {
  return (
    <section className="page">
      <h1>Sign in</h1>
    </section>
  );
}
