import { ArchivablePanel } from "../shared/archivable-panel";
import type { Product } from "../types";
import { ProductForm } from "./product-form";

export function CatalogPanel() {
  return (
    <ArchivablePanel<Product>
      testId="catalog"
      title="Catalog"
      endpoint="/admin/catalog/boxes"
      kind="product"
      activeTitle="Active products"
      loadingText="Loading catalog…"
      emptyText="No active products yet — add one using the form."
      loadFailed="Failed to load catalog."
      archiveFailed="Failed to archive product."
      saveFailed="Failed to save product."
      describe={(product) => product.sku || "No SKU"}
      renderForm={({ key, editing, ...form }) => <ProductForm key={key} product={editing} {...form} />}
    />
  );
}
