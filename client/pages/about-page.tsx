const MILESTONES = [
  { year: "2023", text: "First calibration pad and the classic contour scanner; foam calculator for the most common toolbox brands." },
  { year: "2024", text: "Foam layout editor with DXF, SVG and PNG export; packaging catalog and the production operator board." },
  { year: "2025", text: "AI scanner, the admin console with order workflows and team collaboration with granular permissions." },
];

export function AboutPage() {
  return (
    <div className="page page-narrow about-page">
      <header className="page-header">
        <h1>About</h1>
        <p>We turn the tools on your bench into precisely cut foam inserts — for toolboxes, tool cases and gun cases.</p>
      </header>

      <section className="section-block" aria-labelledby="about-mission">
        <h2 id="about-mission">Our mission</h2>
        <p>
          Make shadow-board organisation affordable for every workshop: measure tools with a phone and a printed pad
          instead of a tape and guesswork, price the insert before anyone cuts foam, and send a production-ready file
          to the cutter.
        </p>
      </section>

      <section className="section-block" aria-labelledby="about-studio">
        <h2 id="about-studio">Custom design studio</h2>
        <p>
          Start from a built-in toolbox or case — US General, Craftsman, Milwaukee Packout, Pelican and many more — or
          from a custom size. Choose the foam type, thickness and colour, and see the price update as you go.
        </p>
      </section>

      <section className="section-block" aria-labelledby="about-canvas">
        <h2 id="about-canvas">Project canvas</h2>
        <p>
          Scanned outlines land in a queue; arrange them on the foam canvas, rotate and scale them, snap to the grid,
          and export DXF, SVG or PNG. Submitting a layout creates scanner jobs the production team can pick up.
        </p>
      </section>

      <section className="section-block" aria-labelledby="about-collaboration">
        <h2 id="about-collaboration">Collaboration features</h2>
        <ul>
          <li>Invite technicians, sales staff and operators to shared projects.</li>
          <li>Granular permissions: customers see their own projects, administrators run the console.</li>
          <li>An audit trail of order events, status changes and production steps.</li>
        </ul>
      </section>

      <section className="section-block" aria-labelledby="about-milestones">
        <h2 id="about-milestones">Milestones</h2>
        <ol className="timeline">
          {MILESTONES.map((milestone) => (
            <li key={milestone.year}>
              <span className="timeline-year">{milestone.year}</span>
              <span>{milestone.text}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
