import { Button } from "../../../components/ui";
import { centsToDecimal } from "../../../../common/money";
import { formatAmount } from "../../../lib/format";
import { emptyItemRow, lineCents, orderCents, type ItemRow } from "./order-form-state";

export function OrderItemRows({
  rows,
  onChange,
  errors,
  currency,
}: {
  rows: ItemRow[];
  onChange: (rows: ItemRow[]) => void;
  errors?: Record<string, string>;
  currency: string;
}) {
  const update = (key: string, patch: Partial<ItemRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const remove = (key: string) => onChange(rows.filter((row) => row.key !== key));
  const total = orderCents(rows);

  return (
    <fieldset className="adm-items">
      <legend className="adm-legend">Items</legend>
      {rows.length === 0 ? <p className="adm-muted">No items. Add one below.</p> : null}
      <ol className="adm-item-list">
        {rows.map((row, index) => {
          const line = lineCents(row);
          const n = index + 1;
          const quantityError = errors?.[`${row.key}:quantity`];
          const priceError = errors?.[`${row.key}:unitPrice`];
          return (
            <li key={row.key} className="adm-item-row" data-testid="order-item-row">
              <div className="adm-item-grid">
                <label className="adm-mini-field adm-item-desc">
                  <span>Description</span>
                  <input
                    value={row.description}
                    onChange={(event) => update(row.key, { description: event.target.value })}
                    placeholder={row.productName.trim() || "Order item"}
                    aria-label={`Item ${n} description`}
                    data-testid="order-item-description"
                  />
                </label>
                <label className="adm-mini-field adm-item-product">
                  <span>Product name</span>
                  <input
                    value={row.productName}
                    onChange={(event) => update(row.key, { productName: event.target.value })}
                    aria-label={`Item ${n} product name`}
                    data-testid="order-item-product"
                  />
                </label>
                <label className="adm-mini-field adm-item-material">
                  <span>Material</span>
                  <input value={row.material} onChange={(event) => update(row.key, { material: event.target.value })} aria-label={`Item ${n} material`} />
                </label>
                <label className="adm-mini-field adm-item-dims">
                  <span>Dimensions</span>
                  <input value={row.dimensions} onChange={(event) => update(row.key, { dimensions: event.target.value })} aria-label={`Item ${n} dimensions`} />
                </label>
                <label className="adm-mini-field adm-item-qty">
                  <span>Quantity</span>
                  <input
                    type="number"
                    min={1}
                    step={1}
                    inputMode="numeric"
                    value={row.quantity}
                    onChange={(event) => update(row.key, { quantity: event.target.value })}
                    aria-label={`Item ${n} quantity`}
                    aria-invalid={quantityError ? true : undefined}
                    data-testid="order-item-quantity"
                  />
                </label>
                <label className="adm-mini-field adm-item-price">
                  <span>Unit price</span>
                  <input
                    type="number"
                    min={0}
                    step={0.01}
                    inputMode="decimal"
                    value={row.unitPrice}
                    onChange={(event) => update(row.key, { unitPrice: event.target.value })}
                    onBlur={() => {
                      const cents = lineCents({ ...row, quantity: "1" });
                      if (cents !== null) update(row.key, { unitPrice: centsToDecimal(cents) });
                    }}
                    aria-label={`Item ${n} unit price`}
                    aria-invalid={priceError ? true : undefined}
                    data-testid="order-item-price"
                  />
                </label>
                <div className="adm-item-total">
                  <span className="adm-mini-label">Line total</span>
                  <output aria-label={`Item ${n} line total`} data-testid="order-item-total">
                    {line === null ? "-" : formatAmount(centsToDecimal(line))}
                  </output>
                </div>
                <div className="adm-item-remove">
                  <Button size="sm" variant="ghost" onClick={() => remove(row.key)} aria-label={`Remove item ${n}`} data-testid="order-item-remove">
                    Remove
                  </Button>
                </div>
              </div>
              {quantityError || priceError ? (
                <p className="field-error" role="alert">
                  {[quantityError, priceError].filter(Boolean).join(" ")}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="adm-items-footer">
        <Button size="sm" onClick={() => onChange([...rows, emptyItemRow()])} data-testid="order-item-add">
          Add item
        </Button>
        <p className="adm-order-total" aria-live="polite">
          Order total:{" "}
          <strong data-testid="order-form-total">
            {total === null ? "-" : formatAmount(centsToDecimal(total))} {currency}
          </strong>
        </p>
      </div>
    </fieldset>
  );
}
