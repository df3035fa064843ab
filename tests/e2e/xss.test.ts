import { expect, test } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { encodePngRgb } from "../../src/vision/png-encode";
import { newPage, signIn, useE2E } from "./helpers";

/**
 * Stored XSS: hostile text saved through the API in every field a customer or staff member can
 * fill, then shown to an admin in every admin tab and modal. Nothing may run: no `window.__xss`,
 * no dialog, and not even a CSP violation (which would mean markup got into the DOM and only the
 * policy stopped it). The payloads must be visible as literal text, proving they were rendered.
 */

const e2e = useE2E();

const PAYLOADS = [
  `<script>window.__xss=1</script>`,
  `<img src=x onerror="window.__xss=1">`,
  `"><svg onload=window.__xss=1>`,
  `'><img src=x onerror=alert(1)>`,
  `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `<a href="javascript:window.__xss=1" id=xss>x</a>`,
  `javascript:window.__xss=1`,
  `<details open ontoggle=window.__xss=1>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>`,
  `{{constructor.constructor('window.__xss=1')()}}`,
];

type Api = (method: string, path: string, body?: unknown, token?: string) => Promise<any>;

async function seedHostileData(base: string) {
  const login = async (email: string) => {
    const response = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "foam-demo-1" }),
    });
    return ((await response.json()) as { token: string }).token;
  };
  const admin = await login("admin@demo.foam");
  const operator = await login("operator@demo.foam");
  const customer = await login("customer@demo.foam");
  const api: Api = async (method, path, body, token = admin) => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };

  const orders: { id: number; number: string }[] = [];
  for (const [index, payload] of PAYLOADS.entries()) {
    const address = (type: string) => ({
      address_type: type,
      first_name: payload,
      last_name: payload,
      line1: payload,
      line2: payload,
      city: payload.slice(0, 200),
      state: payload,
      company: payload,
    });
    const order = await api("POST", "/admin/orders", {
      order_number: `XSS-${index + 1}`,
      // The e-mail rules leave quotes, slashes and = in: an attribute-breaking address.
      customer_email: `x'onmouseover=window.__xss=${index}//@xss.example`,
      order_type: index % 2 ? "calculator" : "custom",
      status: "approved",
      priority: "urgent",
      notes: `Notes ${payload}`,
      items: [
        { description: payload, quantity: 1, unit_price: "10.00", metadata: { productName: payload, dimensions: payload, material: payload } },
        { description: `Second ${payload}`, quantity: 2, unit_price: "1.00" },
      ],
      addresses: [address("shipping"), address("billing")],
      calculator_payload: { toolboxModelId: payload, note: payload, nested: { html: payload } },
    });
    orders.push({ id: order.id, number: order.order_number });
  }
  // Report-issue reasons are shown as blocks on the board and in the events list.
  for (const order of orders.slice(0, 4)) await api("POST", `/operator/orders/${order.id}/report-issue`, { reason: `Issue ${PAYLOADS[order.id % PAYLOADS.length]}` }, operator);

  for (const payload of PAYLOADS.slice(0, 4)) {
    await api("POST", "/admin/catalog/boxes", { name: `Box ${payload}`, manufacturer: payload, sku: payload.slice(0, 100), description: payload });
    await api("POST", "/admin/calculator/materials", { name: `Foam ${payload}`, supplier: payload, color: payload.slice(0, 100), notes: payload, sheet_cost: "10" });
    await api("POST", "/admin/users", {
      email: `u${Math.random().toString(36).slice(2, 8)}'onfocus=window.__xss=1//@xss.example`,
      first_name: payload.slice(0, 100),
      last_name: payload.slice(0, 100),
      company: payload,
      role: "customer",
      password: "long-enough-1",
    });
  }

  // A customer's scanner job: name, notes, method, foam label, layout id and a client SVG.
  // Layout ids are limited to letters, digits and . _ : - (hostile ones are a 400).
  const layoutId = "xss-layout";
  for (const [i, payload] of PAYLOADS.slice(0, 3).entries()) {
    // Side by side: the quote step refuses overlapping pockets (they could not be cut).
    const x = 10 + i * 80;
    await api(
      "POST",
      "/scanner/jobs",
      {
        name: payload,
        contour_svg: `<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><script>window.__xss=1</script></svg>`,
        calibration_payload: {
          // The method is checked to be a short identifier: hostile text here is refused (400).
          detection_method: "aruco",
          diagnostics: { note: payload },
          parameters: { contour_area_mm: 1600, label: payload },
          preview_data_url: `data:text/html,<script>window.__xss=1</script>`,
          position: { x: 10, y: 10, rotation: 0, scale: 1 },
          contour_points_mm: [[x, 10], [x + 50, 10], [x + 50, 60], [x, 60]],
        },
        processing_notes: JSON.stringify({ detection_method: payload, layout_position: payload, created_at: "2026-01-02T03:04:05.000Z" }),
        layout_id: layoutId,
        foam: { label: `Foam ${payload}`.slice(0, 120), width_mm: 400, depth_mm: 300, thickness_mm: 50 },
      },
      customer,
    );
  }
  const processed = await api("POST", "/scanner/process", { layout_id: layoutId }, customer);
  orders.push({ id: processed.orders[0].order_id, number: processed.orders[0].order_number });
  return { orders };
}

type Watched = { context: BrowserContext; page: Page; dialogs: string[]; errors: string[] };

async function watchedPage(email: string): Promise<Watched> {
  const context = await e2e.browser.newContext({ viewport: { width: 1400, height: 900 } });
  // Before any page script: record CSP violations, i.e. markup that reached the DOM and was stopped.
  await context.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __csp: string[] }).__csp.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  const { page, errors } = await newPage(context);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await signIn(page, e2e.server.url, email);
  return { context, page, dialogs, errors };
}

async function expectNothingRan({ page, dialogs }: Watched, where: string) {
  // Give event handlers (onerror of a broken <img>, onload of an <svg>) a moment to fire.
  await page.waitForTimeout(150);
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    csp: (window as unknown as { __csp: string[] }).__csp,
    injected: document.querySelectorAll("#xss, iframe[srcdoc], details[ontoggle], img[src='x'], svg[onload], [onerror], [onmouseover], [onfocus]").length,
  }));
  expect(state.xss, `${where}: window.__xss`).toBeUndefined();
  expect(dialogs, `${where}: dialogs`).toEqual([]);
  expect(state.csp, `${where}: CSP violations`).toEqual([]);
  expect(state.injected, `${where}: injected elements`).toBe(0);
}

const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);

test("stored script in every user-provided text never runs in the admin console", async () => {
  const { orders } = await seedHostileData(e2e.server.url);
  const watched = await watchedPage("admin@demo.foam");
  const { page } = watched;

  const response = await page.goto(`${e2e.server.url}/app/admin?tab=orders`);
  const csp = response!.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");

  // Orders table: the hostile customer e-mails are listed as text.
  await page.getByTestId("orders-filter-search").fill("XSS-");
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="orders-row"]').length >= 10);
  expect(await bodyText(page)).toContain("x'onmouseover=window.__xss=0//@xss.example");
  await expectNothingRan(watched, "orders table");

  // The detail modal of every hostile order (items, addresses, notes, events, calculator payload).
  for (const order of orders) {
    await page.getByTestId("orders-filter-search").fill(order.number);
    const row = page.locator(`[data-testid="orders-row"][data-order-id="${order.id}"]`);
    await row.waitFor();
    await row.getByTestId("orders-row-open").click();
    const dialog = page.getByRole("dialog", { name: `Order ${order.number}` });
    await dialog.waitFor();
    await page.getByTestId("order-detail-items").waitFor();
    const text = await dialog.innerText();
    if (order.number.startsWith("XSS-")) {
      const payload = PAYLOADS[Number(order.number.slice(4)) - 1]!;
      expect(text, order.number).toContain(`Notes ${payload}`);
      expect(text, order.number).toContain(`Second ${payload}`);
    } else {
      expect(text).toContain("Scanner job");
    }
    await expectNothingRan(watched, `order ${order.number} detail`);
    await dialog.getByRole("button", { name: "Close dialog" }).click();
    await dialog.waitFor({ state: "detached" });
    // The edit form puts the same values into inputs.
    await row.getByTestId("orders-row-edit").click();
    await page.getByRole("dialog").waitFor();
    await expectNothingRan(watched, `order ${order.number} edit form`);
    await page.getByRole("dialog").getByRole("button", { name: "Close dialog" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
  }

  // Operator board: product names, materials, dimensions and issue reasons on the cards.
  await page.goto(`${e2e.server.url}/app/admin?tab=operator`);
  await page.getByTestId("operator-board").waitFor();
  await page.locator('[data-testid="operator-card"]').first().waitFor();
  const board = await bodyText(page);
  expect(board).toContain("Issue ");
  expect(board).toContain(PAYLOADS[0]!);
  await expectNothingRan(watched, "operator board");
  await page.locator('[data-testid="operator-card"]').filter({ hasText: "Issue " }).first().getByTestId("operator-report").click();
  await page.getByRole("dialog").waitFor();
  await expectNothingRan(watched, "report-issue dialog");
  await page.getByRole("dialog").getByRole("button", { name: "Close dialog" }).click();

  // Catalog, materials and users, then the edit forms that load those values back.
  for (const [tab, marker, edit] of [
    ["catalog", "Box <script>", "product-edit"],
    ["calculator", "Foam <script>", "material-edit"],
    ["users", "onfocus=window.__xss=1", "users-edit"],
  ] as const) {
    await page.goto(`${e2e.server.url}/app/admin?tab=${tab}`);
    await page.getByText(marker, { exact: false }).first().waitFor();
    await expectNothingRan(watched, `${tab} tab`);
    const hostileRow = tab === "users" ? page.locator('[data-testid="users-row"]').filter({ hasText: "xss.example" }) : page.getByTestId(`${tab === "catalog" ? "product" : "material"}-active-item`).filter({ hasText: marker });
    await hostileRow.first().getByTestId(edit).click();
    await page.waitForTimeout(100);
    await expectNothingRan(watched, `${tab} edit form`);
  }
  expect(watched.errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
  await watched.context.close();
});

test("the customer's own pages show the hostile project and scan names as text", async () => {
  const watched = await watchedPage("customer@demo.foam");
  const { page } = watched;
  await page.goto(`${e2e.server.url}/app/dashboard`);
  await page.getByText(/PRJ-/).first().waitFor();
  await expectNothingRan(watched, "customer dashboard");
  await watched.context.close();
});

test("an operator sent to the admin console runs nothing either", async () => {
  const watched = await watchedPage("operator@demo.foam");
  const response = await watched.page.goto(`${e2e.server.url}/app/admin?tab=operator`);
  expect(response!.headers()["content-security-policy"]).toContain("script-src 'self'");
  await watched.page.waitForLoadState("networkidle");
  await expectNothingRan(watched, "operator on /app/admin");
  await watched.context.close();
});

test("scan preview images (data: URLs) still render under the CSP, and a hostile scan name is text", async () => {
  const watched = await watchedPage("customer@demo.foam");
  const { page } = watched;
  const pixels = new Uint8Array(40 * 30 * 4);
  for (let index = 0; index < pixels.length; index += 4) pixels.set([30, 140, 200, 255], index);
  const preview = `data:image/png;base64,${Buffer.from(encodePngRgb({ width: 40, height: 30, data: pixels })).toString("base64")}`;
  await page.evaluate((previewUrl) => {
    localStorage.setItem(
      "scanner-queue",
      JSON.stringify([
        {
          id: "scan-xss",
          createdAt: new Date().toISOString(),
          previewUrl,
          svg: `<svg onload="window.__xss=1"></svg>`,
          detectionMethod: "aruco",
          diagnostics: {},
          parameters: { contour_area_mm: 1234.5 },
          contourPointsMm: [[0, 0], [40, 0], [40, 30], [0, 30]],
          position: null,
          name: `<img src=x onerror="window.__xss=1">`,
        },
      ]),
    );
  }, preview);
  const response = await page.goto(`${e2e.server.url}/app/scanner`);
  expect(response!.headers()["content-security-policy"]).toContain("img-src 'self' data: blob:");
  const thumb = page.locator("img.sc-queue-thumb").first();
  await thumb.waitFor();
  await page.waitForFunction(() => {
    const image = document.querySelector<HTMLImageElement>("img.sc-queue-thumb");
    return Boolean(image && image.complete && image.naturalWidth === 40);
  });
  expect(await bodyText(page)).toContain(`<img src=x onerror="window.__xss=1">`);
  await expectNothingRan(watched, "scanner queue");
  await watched.context.close();
});
