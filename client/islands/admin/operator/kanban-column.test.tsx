import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { KanbanColumn } from "./kanban-column";

afterEach(cleanup);

describe("KanbanColumn paging (issue 17)", () => {
  test("the badge shows the column's total; Show more says how many remain and asks for them", () => {
    let asked = 0;
    render(
      <KanbanColumn status="pending" label="Pending" count={7637} shown={25} hasMore onMore={() => asked++} onDropCard={() => {}}>
        <p>cards</p>
      </KanbanColumn>,
    );
    expect(screen.getByLabelText("7637 orders").textContent).toBe("7637");
    const more = screen.getByTestId("operator-column-more-pending");
    expect(more.textContent).toBe("Show more (7612 more)");
    fireEvent.click(more);
    expect(asked).toBe(1);
  });

  test("no Show more when everything is shown; an empty column says so", () => {
    render(
      <KanbanColumn status="issue" label="Requires Attention" count={0} shown={0} onDropCard={() => {}}>
        {null}
      </KanbanColumn>,
    );
    expect(screen.queryByTestId("operator-column-more-issue")).toBeNull();
    expect(screen.getByText("No orders")).toBeTruthy();
  });

  test("while the next page loads the button is busy and cannot be pressed twice", () => {
    render(
      <KanbanColumn status="completed" label="Completed" count={80} shown={25} hasMore loadingMore onMore={() => {}} onDropCard={() => {}}>
        <p>cards</p>
      </KanbanColumn>,
    );
    const more = screen.getByTestId("operator-column-more-completed") as HTMLButtonElement;
    expect(more.disabled).toBe(true);
    expect(more.textContent).toBe("Loading…");
  });
});
