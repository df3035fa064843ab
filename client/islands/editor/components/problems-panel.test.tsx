import { describe, expect, test } from "bun:test";
import { render } from "@testing-library/react";
import { ProblemsPanel } from "./problems-panel";

// Issue 19 item 4: the summary named a pocket past the edge "1 thin wall".
describe("ProblemsPanel summary", () => {
  test("names each kind of problem for what it is", () => {
    const { getByTestId } = render(
      <ProblemsPanel
        problems={[
          { kind: "edge", toolIds: ["a"], message: "Screwdriver extends past the foam edge." },
          { kind: "overlap", toolIds: ["b", "c"], message: "Pliers and Wrench overlap." },
        ]}
        minWallMm={5}
        onMinWall={() => {}}
        onSelect={() => {}}
      />,
    );
    expect(getByTestId("fe-problems").textContent).toBe("2 problems: 1 overlap, 1 at the foam edge");
  });
});
