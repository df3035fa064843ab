import { ButtonLink } from "../components/ui/button";
import { href } from "../routes";

const MODULES = ["Foam Calculator", "Tool Scanner", "Packaging Catalog", "User Dashboard", "Admin Console"];

/** A drawer insert with three tool pockets and its measured width: what the product makes, at a glance. */
function HeroFigure() {
  return (
    <figure className="hero-figure" aria-hidden="true">
      <svg viewBox="0 0 420 282" role="presentation">
        <rect className="hero-drawer" x="10" y="26" width="400" height="244" rx="14" />
        <rect className="hero-foam" x="26" y="42" width="368" height="212" rx="8" />
        <defs>
          <g id="hero-pockets">
            <circle cx="78" cy="98" r="24" />
            <circle cx="262" cy="98" r="19" />
            <rect x="78" y="88" width="184" height="20" rx="4" />
            <rect x="52" y="186" width="92" height="30" rx="13" />
            <rect x="142" y="196" width="112" height="10" rx="3" />
            <path d="M252 196l20 5-20 5z" />
            <rect x="292" y="96" width="20" height="140" rx="10" transform="rotate(-9 302 106)" />
            <rect x="326" y="96" width="20" height="140" rx="10" transform="rotate(9 336 106)" />
            <rect x="302" y="56" width="34" height="60" rx="12" />
          </g>
        </defs>
        {/* Outline drawn wide, then the same shapes filled on top: one clean edge around each pocket. */}
        <use href="#hero-pockets" className="hero-pocket-edge" />
        <use href="#hero-pockets" className="hero-pocket-fill" />
        <circle className="hero-finger" cx="170" cy="98" r="16" />
        <g className="hero-dimension">
          <path d="M26 14h368M26 8v12M394 8v12" />
          <text x="210" y="11" textAnchor="middle">
            457 mm
          </text>
        </g>
      </svg>
    </figure>
  );
}

export function HomePage() {
  return (
    <div className="page home-page">
      <section className="hero" aria-labelledby="home-title">
        <div className="hero-text">
          <p className="eyebrow hero-eyebrow">Scan · Lay out · Quote · Cut</p>
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
        </div>
        <HeroFigure />
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
