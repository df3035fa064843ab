import { href } from "../../../routes";

export function EmptyState() {
  return (
    <section className="fe-empty" data-testid="fe-empty">
      <p>No tools available. Please scan some tools first.</p>
      <a className="fe-button fe-button-primary" href={href("/scanner")}>
        Go to Scanner
      </a>
    </section>
  );
}
