import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { OrdersPanel } from "./orders-panel";

const realFetch = globalThis.fetch;
let requested: URL[] = [];

function order(id: number) {
  return { id, order_number: `ORD-${id}`, customer_email: "a@example.com", order_type: "custom", status: "draft", production_status: "pending", total_amount: "1.00", currency: "USD", created_at: "2026-01-01T00:00:00.000Z" };
}

beforeEach(() => {
  requested = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    requested.push(url);
    const page = Number(url.searchParams.get("page") ?? 1);
    const body = {
      results: [order(page * 100)],
      pagination: { page, per_page: 25, pages: 4002, total: 100040 },
      options: { statuses: [{ value: "draft", label: "Draft" }], order_types: [], sorts: [{ value: "-created_at", label: "Newest first" }] },
      summary: { status_counts: { draft: 100040 } },
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
});
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

describe("orders panel with 100 000 orders (issue 17)", () => {
  test("Go to page jumps straight to a page; numbers outside 1…pages cannot be sent", async () => {
    render(<OrdersPanel />);
    await screen.findByText("ORD-100");
    const input = screen.getByTestId("orders-page-jump") as HTMLInputElement;
    const go = screen.getByTestId("orders-page-go") as HTMLButtonElement;
    expect(input.getAttribute("aria-label")).toBe("Page number, 1 to 4002");
    fireEvent.change(input, { target: { value: "4003" } });
    expect(go.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "2000" } });
    expect(go.disabled).toBe(false);
    fireEvent.click(go);
    await screen.findByText("ORD-200000");
    expect(requested.at(-1)!.searchParams.get("page")).toBe("2000");
    await waitFor(() => expect(screen.getByTestId("orders-page").textContent).toBe("Page 2000 of 4002"));
  });
});
