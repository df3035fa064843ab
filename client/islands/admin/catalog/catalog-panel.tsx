import { useState } from "react";
import { Alert } from "../../../components/ui";
import { ArchivableLists } from "../shared/archivable-lists";
import { useArchivable } from "../shared/use-archivable";
import type { Product } from "../types";
import { ProductForm } from "./product-form";

type Notice = { tone: "success" | "error"; text: string };

export function CatalogPanel() {
  const catalog = useArchivable<Product>("/admin/catalog/boxes", "Failed to load catalog.");
  const [editing, setEditing] = useState<Product | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const startEdit = (product: Product | null) => {
    setEditing(product);
    setFailure(null);
    setFormKey((value) => value + 1);
  };

  const hide = async (product: Product) => {
    setBusyId(product.id);
    setNotice(null);
    try {
      await catalog.archive(product.id);
      if (editing?.id === product.id) startEdit(null);
      setNotice({ tone: "success", text: "Changes saved." });
    } catch (reason) {
      console.warn("Archive failed", reason);
      setNotice({ tone: "error", text: "Failed to archive product." });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="adm-panel" data-testid="catalog-panel">
      <div className="adm-panel-head">
        <h2 className="adm-panel-title">Catalog</h2>
      </div>
      {catalog.error ? <Alert tone="error">{catalog.error}</Alert> : null}
      {notice ? (
        <Alert tone={notice.tone} onClose={() => setNotice(null)}>
          <span data-testid="catalog-notice">{notice.text}</span>
        </Alert>
      ) : null}
      <div className="adm-split">
        <ArchivableLists
          kind="product"
          activeTitle="Active products"
          items={catalog.items}
          loading={catalog.loading}
          loadingText="Loading catalog…"
          emptyText="No active products yet — add one using the form."
          editingId={editing?.id ?? null}
          busyId={busyId}
          describe={(product) => product.sku || "No SKU"}
          onEdit={(product) => startEdit(product)}
          onHide={(product) => void hide(product)}
          onReopen={(product) => startEdit(product)}
        />
        <div className="adm-form-card">
          <ProductForm
            key={formKey}
            focusOnMount={formKey > 0}
            product={editing}
            failure={failure}
            onCancel={() => startEdit(null)}
            onSave={async (body) => {
              setNotice(null);
              setFailure(null);
              try {
                await catalog.save(editing?.id ?? null, body);
                startEdit(null);
                setNotice({ tone: "success", text: "Changes saved." });
              } catch (reason) {
                console.warn("Product save failed", reason);
                setFailure("Failed to save product.");
              }
            }}
          />
        </div>
      </div>
    </div>
  );
}
