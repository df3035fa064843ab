import { ButtonLink } from "../components/ui/button";
import { href } from "../routes";
import { type ParameterRow, ParametersTable } from "./parameters-table";

const PARAMETERS: ParameterRow[] = [
  ["Sensitivity", "0–100", "45", "Higher finds fainter, smaller outlines; lower ignores specks and the grid."],
  ["RDP tolerance", "0.05–5 mm (step 0.1)", "0.3 mm", "How much the outline is simplified. Smaller keeps more detail and more points."],
  ["Allowance", "−2 to 5 mm", "0 mm", "Grows (positive) or shrinks (negative) the outline: add 1–2 mm for an easy-lift pocket."],
  ["Inset", "0–25 mm (step 0.5)", "12 mm", "Band along the frame edge that is not searched, so markers never count as tools. 12–20 mm is recommended."],
  ["AI: confidence", "0–1 (step 0.05)", "0.5", "AI scanner only: minimum certainty for an outline to be kept."],
  ["AI: post-morph", "0–10 px", "3 px", "AI scanner only: closes small gaps and smooths the outline."],
];

export function ScannerInstructionsPage() {
  return (
    <div className="page page-narrow guide-page" lang="en">
      <header className="page-header">
        <h1>Scanning instructions</h1>
        <p>
          Follow these steps to get accurate tool outlines from the printed calibration pad (pad v1). Every outline is
          measured in millimetres against the pad, so a good print and a good photo matter more than the camera.
        </p>
        <div className="actions">
          <a className="btn btn-primary" href="/api/scanner/template" download>
            Download the pad (PDF)
          </a>
          <ButtonLink href={href("/scanner")}>Open the scanner</ButtonLink>
          <ButtonLink href={href("/scanner-ai")}>Open the AI scanner</ButtonLink>
        </div>
      </header>

      <nav aria-label="On this page" className="guide-toc">
        <ol>
          <li><a href="#print">Print the pad</a></li>
          <li><a href="#light">Lighting</a></li>
          <li><a href="#placement">Placing the tools</a></li>
          <li><a href="#capture">Capturing</a></li>
          <li><a href="#parameters">Parameters</a></li>
          <li><a href="#issues">Common issues</a></li>
        </ol>
      </nav>

      <section id="print" className="guide-step" aria-labelledby="print-title">
        <h2 id="print-title">1. Print the pad</h2>
        <ul>
          <li>Print the PDF on A4 paper at <strong>100 % scale</strong> (“Actual size”). Never use “Fit to page” or “Shrink to fit”.</li>
          <li>Measure the <strong>100 mm check bar</strong> in the bottom margin with a ruler. If it is not 100 mm, fix the print settings and print again.</li>
          <li>Keep the light grey <strong>10 mm grid</strong>: print at normal quality, not draft or toner saving. The scanner tells a shadow from a tool by the grid lines that show through it; the review says when it found none.</li>
          <li>Use matte paper of at least <strong>80 g/m²</strong>; thin paper wrinkles and lets the table show through.</li>
          <li>Keep all four black corner markers clean and uncovered, with their white margin intact. Lay the pad flat.</li>
        </ul>
      </section>

      <section id="light" className="guide-step" aria-labelledby="light-title">
        <h2 id="light-title">2. Lighting</h2>
        <ul>
          <li>Use even, <strong>diffuse light</strong>: daylight from a window or a ceiling light, not a single desk lamp.</li>
          <li>Avoid hard shadows: they are traced as part of the tool. Turn off the phone flash.</li>
          <li>Avoid glare on shiny tools; tilt the light or the tool slightly if you see bright reflections.</li>
        </ul>
      </section>

      <section id="placement" className="guide-step" aria-labelledby="placement-title">
        <h2 id="placement-title">3. Placing the tools</h2>
        <ul>
          <li>Place the tools inside the frame, <strong>10–20 mm away from the frame edge</strong> and well clear of the markers.</li>
          <li>Tools should not touch or overlap each other; leave a few millimetres between them.</li>
          <li>Lay each tool flat in the orientation you want it to sit in the foam.</li>
        </ul>
      </section>

      <section id="capture" className="guide-step" aria-labelledby="capture-title">
        <h2 id="capture-title">4. Capturing</h2>
        <ol>
          <li>Open the scanner and press <em>Start Scanning</em>; allow camera access.</li>
          <li>Hold the phone above the pad, tilted <strong>no more than 15°</strong>, so the whole frame and all four markers are visible.</li>
          <li>Wait until the counter reads <strong>Markers: 4/4</strong>; <em>Capture Photo</em> works only then.</li>
          <li>Keep the phone still: the photo must be <strong>sharp</strong> (sharpness above 100). Retake it if it is blurry.</li>
          <li>Press <em>Send for Processing</em>, check the outline, adjust parameters if needed and save it to the queue.</li>
        </ol>
      </section>

      <section id="parameters" className="guide-step" aria-labelledby="parameters-title">
        <h2 id="parameters-title">5. Parameters</h2>
        <ParametersTable headings={["Parameter", "Range", "Default", "What it does"]} rows={PARAMETERS} />
      </section>

      <section id="issues" className="guide-step" aria-labelledby="issues-title">
        <h2 id="issues-title">6. Common issues</h2>
        <dl className="issue-list">
          <dt>“Calibration markers not found”</dt>
          <dd>All four corners must be in the frame, uncovered, in focus and not washed out by glare. Step back a little.</dd>
          <dt>Sizes are off by a few per cent</dt>
          <dd>The pad was scaled when printed. Check the 100 mm bar and print at 100 % again.</dd>
          <dt>The outline includes a shadow</dt>
          <dd>Use softer, more even light or lower the sensitivity.</dd>
          <dt>Parts of the tool are missing</dt>
          <dd>Raise the sensitivity, or use a contrasting background colour for dark tools on the grid.</dd>
          <dt>A marker or the frame edge is traced as a tool</dt>
          <dd>Move the tool 10–20 mm inside the frame and keep the inset at 12–20 mm.</dd>
          <dt>The outline is jagged or too coarse</dt>
          <dd>Lower the RDP tolerance for more detail, raise it for a smoother outline.</dd>
          <dt>The photo is blurry</dt>
          <dd>Hold the phone steady, tap to focus and add light so the shutter is faster.</dd>
        </dl>
      </section>
    </div>
  );
}
