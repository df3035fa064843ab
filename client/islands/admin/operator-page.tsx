import { OperatorPanel } from "./operator/operator-panel";

/**
 * The production board on its own page, for operators: the spec keeps /admin for admin and
 * super_admin, yet the operator API is theirs, so they reach the same kanban here.
 */
export function OperatorPage() {
  return (
    <section className="page adm-page" aria-labelledby="operator-title">
      <header className="adm-header">
        <div>
          <h1 id="operator-title">Production board</h1>
          <p className="adm-subtitle">Cutting files, production status and issues for every open order.</p>
        </div>
      </header>
      <OperatorPanel />
    </section>
  );
}
