export function ShopPage() {
  return (
    <section className="page">
      <h1>Packaging Catalog</h1>
    </section>
  );
}
