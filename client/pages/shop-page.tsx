import { useState } from "react";
import { Alert } from "../components/ui/alert";
import { Button, ButtonLink } from "../components/ui/button";
import { EmptyState } from "../components/ui/empty-state";
import { Modal } from "../components/ui/modal";
import { LoadingText } from "../components/ui/spinner";
import { href } from "../routes";
import { useReferenceData, type CatalogBox } from "./reference-data";

export const FALLBACK_DESCRIPTION = "Foam insert kit ready for custom layouts.";

const mm = (value: number | null | undefined) => (typeof value === "number" && Number.isFinite(value) ? `${value} mm` : "—");

export function describeBox(box: CatalogBox): string {
  return box.description?.trim() || FALLBACK_DESCRIPTION;
}

export function ShopPage() {
  const reference = useReferenceData(false);
  const [selected, setSelected] = useState<CatalogBox | null>(null);
  const boxes = reference.data?.boxes ?? [];

  return (
    <div className="page shop-page">
      <header className="page-header">
        <h1>Packaging Catalog</h1>
        <p>Ready-made foam insert kits for popular cases and tool storage. Every kit can be customised with your own tool layout.</p>
      </header>

      <section aria-labelledby="featured-bundles">
        <h2 id="featured-bundles">Featured bundles</h2>
        {reference.status === "loading" ? (
          <>
            <LoadingText>Loading catalog…</LoadingText>
            <noscript>
              <p className="muted">The catalog needs JavaScript. You can still open the calculator to price a custom insert.</p>
            </noscript>
          </>
        ) : reference.status === "error" ? (
          <Alert tone="error">Failed to load catalog. {reference.error}</Alert>
        ) : boxes.length === 0 ? (
          <EmptyState title="No bundles available right now">Check back soon or design your own insert in the calculator.</EmptyState>
        ) : (
          <ul className="grid bundle-grid" aria-label="Bundles">
            {boxes.map((box) => (
              <li key={box.id} className="card bundle-card">
                <h3 className="card-title">{box.name}</h3>
                {box.manufacturer ? <p className="bundle-maker">{box.manufacturer}</p> : null}
                <p className="bundle-description">{describeBox(box)}</p>
                <Button variant="secondary" size="sm" onClick={() => setSelected(box)} aria-label={`View details: ${box.name}`}>
                  View details
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="smart-recommendations" className="section recommendations">
        <h2 id="smart-recommendations">Smart recommendations</h2>
        <p>
          Not sure which kit fits? Scan your tools on the calibration pad and we recommend the case and foam that fit them
          with the least waste — or enter your toolbox in the calculator for an instant price.
        </p>
        <div className="actions">
          <ButtonLink href={href("/scanner")} variant="primary">
            Scan your tools
          </ButtonLink>
          <ButtonLink href={href("/calculator")}>Open Calculator</ButtonLink>
        </div>
      </section>

      <Modal
        open={selected !== null}
        title={selected?.name ?? ""}
        onClose={() => setSelected(null)}
        footer={
          <>
            <Button onClick={() => setSelected(null)}>Close</Button>
            <ButtonLink href={href("/calculator")} variant="primary">
              Price a custom insert
            </ButtonLink>
          </>
        }
      >
        {selected ? (
          <>
            <p>{describeBox(selected)}</p>
            <dl className="details-list">
              <dt>SKU</dt>
              <dd>{selected.sku || "No SKU"}</dd>
              <dt>Manufacturer</dt>
              <dd>{selected.manufacturer || "—"}</dd>
              <dt>Internal length</dt>
              <dd>{mm(selected.internal_length_mm)}</dd>
              <dt>Internal width</dt>
              <dd>{mm(selected.internal_width_mm)}</dd>
              <dt>Internal depth</dt>
              <dd>{mm(selected.internal_depth_mm)}</dd>
              <dt>Load capacity</dt>
              <dd>{typeof selected.weight_capacity_kg === "number" ? `${selected.weight_capacity_kg} kg` : "—"}</dd>
            </dl>
          </>
        ) : null}
      </Modal>
    </div>
  );
}
