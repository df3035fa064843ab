import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { OperatorPanel } from "./operator-panel";

const realFetch = globalThis.fetch;
let requested: URL[] = [];

const card = (id: number, productionStatus: string) => ({ id, orderNumber: `ORD-${id}`, status: "approved", fileStatus: "ready", productionStatus, priority: "normal", blocks: [] });
const column = (status: string, cards: ReturnType<typeof card>[], total: number, hasMore: boolean) => ({
  status,
  label: status,
  total,
  cards,
  has_more: hasMore,
  next_after: hasMore ? cards.at(-1)!.id : null,
});

beforeEach(() => {
  requested = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    requested.push(url);
    const only = url.searchParams.get("column");
    const body =
      only === "pending"
        ? { per_column: 25, columns: [column("pending", [card(3, "pending")], 3, false)] }
        : {
            per_column: 25,
            columns: [
              column("pending", [card(1, "pending"), card(2, "pending")], 3, true),
              column("preparing", [], 0, false),
              column("in_progress", [card(9, "in_progress")], 1, false),
              column("completed", [], 0, false),
              column("issue", [], 0, false),
            ],
          };
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
});
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const cardIds = (status: string) =>
  [...document.querySelectorAll(`[data-testid="operator-column-${status}"] [data-testid="operator-card"]`)].map((element) => element.getAttribute("data-order-id"));

describe("operator board paged per column (issue 17)", () => {
  test("asks for the grouped board, shows each column's total, and Show more appends that column's next page", async () => {
    render(<OperatorPanel />);
    await waitFor(() => expect(cardIds("pending")).toEqual(["1", "2"]));
    expect(requested[0]!.searchParams.get("per_column")).toBe("25");
    expect(screen.getByLabelText("3 orders")).toBeTruthy();
    expect(cardIds("in_progress")).toEqual(["9"]);
    expect(screen.queryByTestId("operator-column-more-in_progress")).toBeNull();

    fireEvent.click(screen.getByTestId("operator-column-more-pending"));
    await waitFor(() => expect(cardIds("pending")).toEqual(["1", "2", "3"]));
    const more = requested.at(-1)!;
    expect(more.searchParams.get("column")).toBe("pending");
    expect(more.searchParams.get("after")).toBe("2");
    expect(screen.queryByTestId("operator-column-more-pending")).toBeNull();
  });
});
