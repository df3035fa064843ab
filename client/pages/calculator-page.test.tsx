import { afterEach, beforeEach, describe, expect, mock, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { findModel } from "../../db/seed/reference/toolboxes";
import { formatCents } from "../../common/money";
import { calculatePrice } from "../../common/pricing";
import { CALCULATOR_STORAGE_KEY } from "./calculator/calculator-state";
import { CalculatorPage } from "./calculator-page";
import type { FoamMaterial } from "./reference-data";

// The rest of what /api/reference-data answers for a material (common/api/materials.ts).
const ANSWER_FIELDS = { hardness_shore: null, lead_time_days: null, notes: null, is_active: true, created_at: "2025-01-01T00:00:00.000Z", updated_at: "2025-01-01T00:00:00.000Z" };

const MATERIALS: FoamMaterial[] = [
  {
    ...ANSWER_FIELDS,
    id: 1,
    name: "PE 1.7 lb Polyethylene Plank",
    supplier: "UFP Technologies",
    density_kg_m3: 27,
    color: "Charcoal",
    sheet_length_mm: 2000,
    sheet_width_mm: 1000,
    sheet_thickness_mm: 50,
    sheet_cost: "38.00",
  },
  {
    ...ANSWER_FIELDS,
    id: 2,
    name: "Thick block",
    supplier: "Foam Co",
    density_kg_m3: 35,
    color: "Blue",
    sheet_length_mm: 1200,
    sheet_width_mm: 600,
    sheet_thickness_mm: 150,
    sheet_cost: "41.25",
  },
];

const realFetch = globalThis.fetch;
let fetchMock: ReturnType<typeof mock>;

beforeEach(() => {
  localStorage.clear();
  fetchMock = mock(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(JSON.stringify({ materials: MATERIALS, boxes: [] }), { status: 200, headers: { "content-type": "application/json" } }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  mock.restore();
});

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const text = (testId: string) => screen.getByTestId(testId).textContent;

async function renderReady() {
  render(<CalculatorPage />);
  await waitFor(() => expect(select("Foam type").disabled).toBe(false));
}

describe("calculator", () => {
  test("starts empty: model disabled until a brand is chosen, totals $0.00", async () => {
    await renderReady();
    expect(select("Model").disabled).toBe(true);
    expect(text("total-amount")).toBe("$0.00");
    fireEvent.change(select("Brand"), { target: { value: "Milwaukee" } });
    expect(select("Model").disabled).toBe(false);
    expect([...select("Model").options].map((option) => option.value)).toContain("milwaukee-packout-3-drawer");
  });

  test("sends the token with the reference-data request when signed in", async () => {
    localStorage.setItem("auth_token", "abc");
    await renderReady();
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/reference-data");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer abc");
  });

  test("model preview, first two drawers selected, foam preview, totals from calculatePrice", async () => {
    await renderReady();
    fireEvent.change(select("Brand"), { target: { value: "US General" } });
    fireEvent.change(select("Model"), { target: { value: "us-general-s3-44-double-bank-roller" } });
    const { model, container } = findModel("us-general-s3-44-double-bank-roller")!;

    const preview = screen.getByTestId("model-preview").textContent!;
    expect(preview).toContain(model.name);
    expect(preview).toContain(container.brand);
    expect(preview).toContain(container.series);
    expect(preview).toContain(String(model.drawers.length));
    expect(preview).toContain("44 × 22 × 42.5 in");

    const boxes = screen.getAllByRole("checkbox") as HTMLInputElement[];
    expect(boxes).toHaveLength(model.drawers.length);
    expect(boxes.map((box) => box.checked)).toEqual(model.drawers.map((_, index) => index < 2));

    // A model without foam: still $0.00.
    expect(text("total-amount")).toBe("$0.00");

    fireEvent.change(select("Foam type"), { target: { value: "1" } });
    const foam = screen.getByTestId("foam-preview").textContent!;
    expect(foam).toContain("UFP Technologies");
    expect(foam).toContain("2.00 × 1.00 m");
    expect(foam).toContain("50 mm");
    expect(foam).toContain("27 kg/m³");
    expect(foam).toContain("Charcoal");
    expect(input("Foam thickness (mm)").value).toBe("50");
    expect(input("Colour").value).toBe("Charcoal");

    const expected = calculatePrice({ drawers: model.drawers.slice(0, 2), material: MATERIALS[0]!, thickness_mm: 50 })!;
    expect(text("box-cost")).toBe(formatCents(expected.box_cost_cents));
    expect(text("foam-cost")).toBe(formatCents(expected.material_cost_cents));
    expect(text("processing-cost")).toBe(formatCents(expected.processing_cents));
    expect(text("total-amount")).toBe(formatCents(expected.total_cents));
    expect(text("total-area")).toBe(expected.area_m2.toFixed(3));
    expect(text("volume")).toBe(expected.volume_l.toFixed(2));
    expect(text("sheets")).toBe(String(expected.sheets));
    expect(text("drawer-count")).toBe("2");

    // A third drawer and a thinner foam.
    fireEvent.click(boxes[2]!);
    fireEvent.change(input("Foam thickness (mm)"), { target: { value: "25" } });
    const third = calculatePrice({ drawers: model.drawers.slice(0, 3), material: MATERIALS[0]!, thickness_mm: 25 })!;
    expect(text("total-amount")).toBe(formatCents(third.total_cents));
    expect(text("volume")).toBe(third.volume_l.toFixed(2));
    expect(text("drawer-count")).toBe("3");
  });

  test("no drawers selected with a model and foam chosen → Total $0.00", async () => {
    await renderReady();
    fireEvent.change(select("Brand"), { target: { value: "Milwaukee" } });
    fireEvent.change(select("Model"), { target: { value: "milwaukee-packout-2-drawer" } });
    fireEvent.change(select("Foam type"), { target: { value: "1" } });
    for (const box of screen.getAllByRole("checkbox")) fireEvent.click(box);
    expect(text("total-amount")).toBe("$0.00");
    expect(text("sheets")).toBe("0");
  });

  test("thickness obeys 10–100 step 5 and defaults to the clamped sheet thickness", async () => {
    await renderReady();
    const thickness = input("Foam thickness (mm)");
    expect(thickness.min).toBe("10");
    expect(thickness.max).toBe("100");
    expect(thickness.step).toBe("5");
    fireEvent.change(select("Foam type"), { target: { value: "2" } });
    expect(thickness.value).toBe("100");
    fireEvent.change(thickness, { target: { value: "3" } });
    fireEvent.blur(thickness);
    expect(thickness.value).toBe("10");
  });

  test("Save Calculation stores the state and says so; Email Quote is a mail draft with the figures", async () => {
    await renderReady();
    fireEvent.change(select("Brand"), { target: { value: "Pelican" } });
    fireEvent.change(select("Model"), { target: { value: "pelican-1510" } });
    fireEvent.change(select("Foam type"), { target: { value: "1" } });
    fireEvent.change(input("Colour"), { target: { value: "Orange" } });

    fireEvent.click(screen.getByRole("button", { name: "Save Calculation" }));
    expect(screen.getByRole("status").textContent).toContain("Calculation saved!");
    const saved = JSON.parse(localStorage.getItem(CALCULATOR_STORAGE_KEY)!);
    expect(saved).toMatchObject({
      toolboxModelId: "pelican-1510",
      selectedDrawerIds: ["pelican-1510-d1"],
      foamMaterialId: 1,
      labourMinutes: 30,
      labourRate: 35,
      markupPercent: 25,
      thicknessMm: 50,
      color: "Orange",
    });

    const mail = screen.getByRole("link", { name: "Email Quote" }).getAttribute("href")!;
    expect(mail).toStartWith("mailto:?subject=Foam%20Insert%20Calculator%20Quote&body=");
    const body = decodeURIComponent(mail.split("&body=")[1]!);
    const { model } = findModel("pelican-1510")!;
    const expected = calculatePrice({ drawers: model.drawers, material: MATERIALS[0]!, thickness_mm: 50 })!;
    expect(body).toContain(`Total: ${formatCents(expected.total_cents)}`);
    expect(body).toContain("Pelican 1510 Protector Carry-On Case");
    expect(body).toContain("Colour: Orange");
    expect(body).toContain(`Sheets Needed: ${expected.sheets}`);
  });

  test("a saved calculation is restored on the next visit", async () => {
    localStorage.setItem(
      CALCULATOR_STORAGE_KEY,
      JSON.stringify({ toolboxModelId: "pelican-1510", selectedDrawerIds: ["pelican-1510-d1"], foamMaterialId: 1, thicknessMm: 35, color: "Red" }),
    );
    await renderReady();
    await waitFor(() => expect(select("Model").value).toBe("pelican-1510"));
    expect(select("Brand").value).toBe("Pelican");
    expect(select("Foam type").value).toBe("1");
    expect(input("Foam thickness (mm)").value).toBe("35");
    expect(input("Colour").value).toBe("Red");
  });

  test("Print Quote calls window.print", async () => {
    const print = mock(() => {});
    const original = window.print;
    window.print = print;
    await renderReady();
    fireEvent.click(screen.getByRole("button", { name: "Print Quote" }));
    expect(print).toHaveBeenCalledTimes(1);
    window.print = original;
  });

  test("a failed reference-data load shows an error", async () => {
    globalThis.fetch = mock(async () => new Response(JSON.stringify({ detail: "Database offline." }), { status: 503 })) as unknown as typeof fetch;
    render(<CalculatorPage />);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Database offline."));
  });
});
