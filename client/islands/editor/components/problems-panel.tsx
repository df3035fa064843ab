import type { LayoutProblem } from "../core/problems";
import { SidebarSection } from "./sidebar-section";

type ProblemsPanelProps = {
  problems: LayoutProblem[];
  minWallMm: number;
  onMinWall: (mm: number) => void;
  onSelect: (id: string) => void;
};

/** Overlaps and thin walls, visible before submitting; each entry selects the pocket concerned. */
export function ProblemsPanel({ problems, minWallMm, onMinWall, onSelect }: ProblemsPanelProps) {
  // One count per kind, each named for what it is: a pocket past the edge is not a "thin wall".
  const count = (kind: LayoutProblem["kind"]) => problems.filter((problem) => problem.kind === kind).length;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    [count("overlap"), "overlap", "overlaps"],
    [count("wall"), "thin wall", "thin walls"],
    [count("edge"), "at the foam edge", "at the foam edge"],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, one, many]) => plural(n as number, one as string, many as string));
  return (
    <SidebarSection title="Layout check" id="fe-problems">
      <label className="fe-field fe-field-inline">
        <span>Minimum foam wall (mm)</span>
        <input
          type="number"
          min={0}
          max={100}
          step={0.5}
          value={minWallMm}
          onChange={(event) => event.target.value !== "" && onMinWall(Number(event.target.value))}
          data-testid="fe-min-wall"
        />
      </label>
      <p className={problems.length ? "fe-problem-summary fe-problem-summary-bad" : "fe-problem-summary"} data-testid="fe-problems" role="status">
        <span data-testid="fe-problem-count">{problems.length}</span>{" "}
        {problems.length === 1 ? "problem" : "problems"}
        {parts.length ? `: ${parts.join(", ")}` : ""}
      </p>
      {problems.length > 0 && (
        <ul className="fe-problem-list">
          {problems.map((problem) => (
            <li key={`${problem.kind}-${problem.toolIds.join("-")}`}>
              <button type="button" className="fe-link-button" onClick={() => onSelect(problem.toolIds[0])}>
                {problem.message}
              </button>
            </li>
          ))}
        </ul>
      )}
    </SidebarSection>
  );
}
