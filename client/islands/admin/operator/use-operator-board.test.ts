import { describe, expect, test } from "bun:test";
import type { OperatorCard } from "../types";
import { columnsOf } from "./use-operator-board";

const card = (id: number, productionStatus: string | null): OperatorCard => ({ id, orderNumber: `ORD-${id}`, productionStatus });

describe("columnsOf (issue 17: the board is paged per column)", () => {
  test("reads the grouped answer: cards, totals and where the next page starts", () => {
    const columns = columnsOf({
      per_column: 1,
      columns: [
        { status: "pending", label: "Pending", total: 7637, cards: [card(4, "pending")], has_more: true, next_after: 4 },
        { status: "issue", label: "Requires Attention", total: 0, cards: [], has_more: false, next_after: null },
      ],
    });
    expect(columns).toEqual([
      { status: "pending", total: 7637, cards: [card(4, "pending")], hasMore: true, nextAfter: 4 },
      { status: "issue", total: 0, cards: [], hasMore: false, nextAfter: null },
    ]);
  });

  test("groups an older server's plain array itself (an unknown status counts as pending), with nothing more to load", () => {
    const columns = columnsOf([card(1, "pending"), card(2, "completed"), card(3, null), card(5, "mystery")]);
    expect(columns.map((column) => column.status)).toEqual(["pending", "preparing", "in_progress", "completed", "issue"]);
    expect(columns[0]).toEqual({ status: "pending", total: 3, cards: [card(1, "pending"), card(3, null), card(5, "mystery")], hasMore: false, nextAfter: null });
    expect(columns[3]!.cards.map((entry) => entry.id)).toEqual([2]);
    expect(columnsOf(null).every((column) => column.cards.length === 0)).toBe(true);
  });
});
