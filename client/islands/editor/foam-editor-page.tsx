export function FoamEditorPage() {
  return (
    <section className="page">
      <h1>Foam Layout Editor</h1>
    </section>
  );
}
