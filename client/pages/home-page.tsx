import { ButtonLink } from "../components/ui/button";
import { href } from "../routes";

const MODULES = ["Foam Calculator", "Tool Scanner", "Packaging Catalog", "User Dashboard", "Admin Console"];

export function HomePage() {
  return (
    <div className="page home-page">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">Foam Intelligence Platform</h1>
        <p className="hero-intro">
          Custom foam inserts for toolboxes, tool cases and gun cases. Capture tool contours with the scanner,
          optimise layouts and cost with the calculator, publish as a quote and convert it to an order, then track
          production in the dashboard — with SVG, DXF and PDF exports ready for laser cutting or CNC.
        </p>
        <div className="actions">
          <ButtonLink href={href("/calculator")} variant="primary">
            Open Calculator
          </ButtonLink>
          <ButtonLink href={href("/scanner")} variant="secondary">
            Try Tool Scanner
          </ButtonLink>
          <ButtonLink href={href("/scanner-ai")} variant="secondary">
            AI Scanner
          </ButtonLink>
        </div>
      </section>

      <div className="grid home-cards">
        <section className="card" aria-labelledby="card-workflow">
          <h2 className="card-title" id="card-workflow">
            Workflow Overview
          </h2>
          <ol>
            <li>Capture tool contours with the scanner on the printed calibration pad.</li>
            <li>Optimise the layout and the cost with the calculator and the foam editor.</li>
            <li>Publish as a quote and convert it to an order.</li>
            <li>Track production in the dashboard.</li>
          </ol>
        </section>
        <section className="card" aria-labelledby="card-modules">
          <h2 className="card-title" id="card-modules">
            Core Modules
          </h2>
          <ul>
            {MODULES.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="card-production">
          <h2 className="card-title" id="card-production">
            Production Ready
          </h2>
          <p>
            Export SVG, DXF and PDF assets for laser cutting or CNC. Every outline is measured in millimetres against
            the calibration pad, so what you scan is what gets cut.
          </p>
        </section>
        <section className="card" aria-labelledby="card-collaboration">
          <h2 className="card-title" id="card-collaboration">
            Collaboration
          </h2>
          <p>
            Invite technicians, sales staff and operators to work on the same projects, with an audit trail and granular
            permissions.
          </p>
        </section>
      </div>
    </div>
  );
}
