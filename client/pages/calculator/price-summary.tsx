import type { PriceResult } from "../../../common/pricing";
import { formatArea, formatVolume, money } from "./quote";

/** Price Breakdown and Calculation Details; every figure is $0.00 / 0 until there is a result (SPEC section 2). */
export function PriceSummary({ result, ready, drawerCount }: { result: PriceResult | null; ready: boolean; drawerCount: number }) {
  return (
    <>
      <section className="card" aria-labelledby="calc-price-title">
        <h2 className="card-title" id="calc-price-title">
          Price Breakdown
        </h2>
        {!ready ? <p className="muted">Choose a model and a foam type to see the price.</p> : null}
        <dl className="summary-list" data-testid="price-breakdown">
          <dt>Box Cost</dt>
          <dd data-testid="box-cost">{money(result?.box_cost_cents)}</dd>
          <dt>Foam Cost</dt>
          <dd data-testid="foam-cost">{money(result?.material_cost_cents)}</dd>
          <dt>Processing</dt>
          <dd data-testid="processing-cost">{money(result?.processing_cents)}</dd>
          <dt className="summary-total">Total</dt>
          <dd className="summary-total" data-testid="total-amount" aria-live="polite">
            {money(result?.total_cents)}
          </dd>
        </dl>
      </section>

      <section className="card" aria-labelledby="calc-details-title">
        <h2 className="card-title" id="calc-details-title">
          Calculation Details
        </h2>
        <dl className="summary-list" data-testid="calculation-details">
          <dt>Total Area (m²)</dt>
          <dd data-testid="total-area">{formatArea(result)}</dd>
          <dt>Volume (L)</dt>
          <dd data-testid="volume">{formatVolume(result)}</dd>
          <dt>Sheets Needed</dt>
          <dd data-testid="sheets">{result?.sheets ?? 0}</dd>
          <dt>Drawers</dt>
          <dd data-testid="drawer-count">{result?.drawers ?? drawerCount}</dd>
        </dl>
      </section>
    </>
  );
}
