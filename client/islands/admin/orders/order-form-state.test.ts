import { describe, expect, test } from "bun:test";
import { emptyItemRow, formFromOrder, lineCents, newOrderForm, orderCents, orderPayload, validateOrderForm, hasErrors, serverFieldErrors } from "./order-form-state";

const row = (patch: Partial<ReturnType<typeof emptyItemRow>>) => ({ ...emptyItemRow(), ...patch });

describe("order form (SPEC section 5)", () => {
  test("defaults: ORD- plus a timestamp, USD, one item of quantity 1 at 0.00", () => {
    const before = Date.now();
    const form = newOrderForm({ orderType: "custom", status: "draft" });
    const stamp = Number(form.orderNumber.slice(4));
    expect(form.orderNumber.startsWith("ORD-")).toBe(true);
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(form.currency).toBe("USD");
    expect(form.items).toHaveLength(1);
    expect(form.items[0]).toMatchObject({ quantity: "1", unitPrice: "0.00" });
  });

  test("required e-mail and order number, quantity ≥ 1 and unit price ≥ 0", () => {
    const form = { ...newOrderForm({ orderType: "custom", status: "draft" }), orderNumber: "  ", customerEmail: "" };
    const bad = row({ quantity: "0", unitPrice: "-1" });
    const errors = validateOrderForm({ ...form, items: [bad] });
    expect(errors.customerEmail).toBe("Customer email is required.");
    expect(errors.orderNumber).toBe("Order number is required.");
    expect(Object.keys(errors.items ?? {})).toEqual([`${bad.key}:quantity`, `${bad.key}:unitPrice`]);
    expect(hasErrors(validateOrderForm({ ...form, orderNumber: "ORD-1", customerEmail: "a@b.c", items: [row({ quantity: "1.5" })] }))).toBe(true);
    expect(hasErrors(validateOrderForm({ ...form, orderNumber: "ORD-1", customerEmail: "a@b.c", items: [row({ quantity: "2", unitPrice: "0" })] }))).toBe(false);
  });

  test("line and order totals are exact cents; an invalid row gives no total", () => {
    expect(lineCents(row({ quantity: "3", unitPrice: "0.1" }))).toBe(30);
    expect(lineCents(row({ quantity: "3", unitPrice: "33.33" }))).toBe(9999);
    expect(orderCents([row({ quantity: "2", unitPrice: "12.5" }), row({ quantity: "3", unitPrice: "10.10" })])).toBe(5530);
    expect(lineCents(row({ quantity: "", unitPrice: "1" }))).toBeNull();
    expect(orderCents([row({ quantity: "1", unitPrice: "abc" })])).toBeNull();
  });

  test("payload: description falls back to the product name, then 'Order item'; totals from the rows", () => {
    const form = {
      ...newOrderForm({ orderType: "scanner", status: "quoted" }),
      orderNumber: " ORD-7 ",
      customerEmail: " buyer@example.com ",
      currency: "",
      notes: "  ",
      items: [
        row({ description: " Insert ", quantity: "2", unitPrice: "12.5" }),
        row({ productName: "Pelican 1510", dimensions: "19 x 11 in", quantity: "1", unitPrice: "5" }),
        row({ quantity: "1", unitPrice: "0" }),
      ],
    };
    const payload = orderPayload(form, "create");
    expect(payload).toMatchObject({
      order_number: "ORD-7",
      customer_email: "buyer@example.com",
      order_type: "scanner",
      status: "quoted",
      currency: "USD",
      notes: null,
      subtotal_amount: "30.00",
      total_amount: "30.00",
    });
    expect(payload.items.map((item) => item.description)).toEqual(["Insert", "Pelican 1510", "Order item"]);
    expect(payload.items[1]).toEqual({ description: "Pelican 1510", quantity: 1, unit_price: "5.00", metadata: { productName: "Pelican 1510", dimensions: "19 x 11 in" } });
    expect("order_type" in orderPayload(form, "edit")).toBe(false);
  });

  test("an existing order loads back into rows with prices to 2 decimals", () => {
    const form = formFromOrder({
      id: 1,
      order_number: "ORD-1",
      customer_email: "a@b.c",
      order_type: "custom",
      status: "approved",
      currency: "EUR",
      items: [{ description: "X", quantity: 2, unit_price: "3.5", total_price: "7.00", metadata: { productName: "P", dimensions: null, material: "EVA" } }],
    });
    expect(form.items[0]).toMatchObject({ description: "X", quantity: "2", unitPrice: "3.50", productName: "P", dimensions: "", material: "EVA" });
    expect(form.currency).toBe("EUR");
  });
});

describe("server field errors (issue 19, item 6)", () => {
  const form = { ...newOrderForm({ orderType: "custom", status: "draft" }), items: [row({}), row({})] };

  test("the server's sentence lands under the field it names", () => {
    expect(serverFieldErrors("Enter a valid customer email address.", form)).toEqual({ customerEmail: "Enter a valid customer email address." });
    expect(serverFieldErrors("An order with this number already exists.", form)).toEqual({ orderNumber: "An order with this number already exists." });
    expect(serverFieldErrors("Currency must be a three-letter ISO code such as USD.", form).currency).toContain("three-letter");
    expect(serverFieldErrors("Item 2: Quantity must be at most 10000.", form)).toEqual({ items: { [`${form.items[1]!.key}:quantity`]: "Quantity must be at most 10000." } });
    expect(serverFieldErrors("Item 1: Unit price is too large.", form)).toEqual({ items: { [`${form.items[0]!.key}:unitPrice`]: "Unit price is too large." } });
  });

  test("a sentence naming no field of the form leaves the fields alone", () => {
    expect(hasErrors(serverFieldErrors("An order may have at most 4 addresses.", form))).toBe(false);
    expect(hasErrors(serverFieldErrors("Item 9: Quantity must be at least 1.", form))).toBe(false);
    expect(serverFieldErrors("", form)).toEqual({});
  });
});
