import { describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { newPage, useE2E } from "./helpers";

const e2e = useE2E();

const PASSWORD = "foam-demo-1";

/** Pages owned by the web shell: these must load without a single console error. */
const SHELL_PAGES: { path: string; h1: string }[] = [
  { path: "/", h1: "Foam Intelligence Platform" },
  { path: "/calculator", h1: "Foam Insert Calculator" },
  { path: "/shop", h1: "Packaging Catalog" },
  { path: "/about", h1: "About" },
  { path: "/login", h1: "Sign in" },
  { path: "/privacy", h1: "Privacy" },
  { path: "/terms", h1: "Terms" },
  { path: "/scanner-guide", h1: "Руководство по сканированию" },
  { path: "/scanner-instructions", h1: "Scanning instructions" },
];
/** Public screens built elsewhere: checked for access and the shell around them. */
const OTHER_PUBLIC = ["/scanner", "/scanner-ai", "/foam-editor"];
const SIGNED_IN_ONLY = ["/dashboard", "/scanner/layout", "/scanner-layout"];

async function login(email: string) {
  const response = await fetch(`${e2e.server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return (await response.json()) as { token: string; user: { email: string; role: string } };
}

/** A context whose pages start with the session already in localStorage. */
async function contextAs(email: string | null, options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
  const context = await e2e.browser.newContext(options);
  if (email) {
    const session = await login(email);
    // Once per tab, so signing out stays signed out.
    await context.addInitScript((stored) => {
      if (!sessionStorage.getItem("e2e-seeded")) {
        sessionStorage.setItem("e2e-seeded", "1");
        localStorage.setItem("auth_token", stored.token);
        localStorage.setItem("auth_user", JSON.stringify(stored.user));
      }
    }, session);
  }
  return context;
}

const path = (page: Page) => new URL(page.url()).pathname;
const app = (route: string) => `${e2e.server.url}/app${route === "/" ? "/" : route}`;

/** Loaded and hydrated: the session effect has run once the auth actions leave the 'unknown' state. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.locator(".auth-actions:not([data-auth='unknown'])").waitFor({ state: "attached" });
}

async function fillLogin(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

describe("routes as a visitor", () => {
  test("every public page renders its title, the header and the footer with no console errors", async () => {
    const context = await contextAs(null);
    for (const { path: route, h1 } of SHELL_PAGES) {
      const { page, errors } = await newPage(context);
      const response = await page.goto(app(route));
      expect(response?.status()).toBe(200);
      await settle(page);
      expect(path(page)).toBe(route === "/" ? "/app/" : `/app${route}`);
      expect((await page.locator("h1").first().textContent())?.trim()).toBe(h1);
      await expect(page.getByRole("navigation", { name: "Main navigation" }).isVisible()).resolves.toBe(true);
      expect(await page.locator("footer").textContent()).toContain("Build 23");
      expect(await page.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/app/login");
      expect(errors).toEqual([]);
      await page.close();
    }
    for (const route of OTHER_PUBLIC) {
      const { page } = await newPage(context);
      const response = await page.goto(app(route));
      expect(response?.status()).toBe(200);
      await settle(page);
      expect(path(page)).toBe(`/app${route}`);
      await expect(page.locator("header.site-header").count()).resolves.toBe(1);
      await page.close();
    }
    await context.close();
  });

  test("an unknown path is a 404 page inside the shell", async () => {
    const context = await contextAs(null);
    const { page, errors } = await newPage(context);
    const response = await page.goto(app("/no-such-page"));
    expect(response?.status()).toBe(404);
    await settle(page);
    expect(await page.locator("h1").textContent()).toBe("Page not found");
    // Chromium reports the document's own 404 status as a console error; nothing else may appear.
    expect(errors.filter((text) => !text.includes("404"))).toEqual([]);
    await context.close();
  });

  test("protected routes send a visitor to /login", async () => {
    const context = await contextAs(null);
    for (const route of [...SIGNED_IN_ONLY, "/admin"]) {
      const { page } = await newPage(context);
      await page.goto(app(route));
      await page.waitForURL("**/app/login");
      expect(path(page)).toBe("/app/login");
      await page.close();
    }
    await context.close();
  });

  test("after login the visitor returns to the protected page they asked for", async () => {
    const context = await contextAs(null);
    const { page, errors } = await newPage(context);
    await page.goto(app("/dashboard"));
    await page.waitForURL("**/app/login");
    await fillLogin(page, "customer@demo.foam");
    await page.waitForURL("**/app/dashboard");
    await expect(page.getByText("Welcome back, Chris!").isVisible()).resolves.toBe(true);

    // The same for an admin asking for /scanner-layout: the remembered path beats /admin.
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/app/login");
    await page.goto(app("/scanner-layout"));
    await page.waitForURL("**/app/login");
    await fillLogin(page, "admin@demo.foam");
    await page.waitForURL("**/app/scanner-layout");
    await settle(page);
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
    await context.close();
  });
});

describe("login", () => {
  test("admin lands on /admin, customer on /dashboard", async () => {
    for (const [email, landing] of [
      ["admin@demo.foam", "/app/admin"],
      ["customer@demo.foam", "/app/dashboard"],
    ] as const) {
      const context = await contextAs(null);
      const { page } = await newPage(context);
      await page.goto(app("/login"));
      await settle(page);
      await fillLogin(page, email);
      await page.waitForURL(`**${landing}`);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("auth_user") ?? "null"));
      expect(stored.email).toBe(email);
      expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeTruthy();
      await context.close();
    }
  });

  test("required fields, 'Signing in…', the server's error detail and the demo hint", async () => {
    const context = await contextAs(null);
    const { page, errors } = await newPage(context);
    await page.goto(app("/login"));
    await settle(page);
    expect(await page.locator(".demo-hint").textContent()).toContain("customer@demo.foam");
    expect(await page.locator(".demo-hint").textContent()).toContain("foam-demo-1");
    expect(await page.locator(".demo-hint").textContent()).toContain("admin@demo.foam");

    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    expect(await page.getByText("Email is required.").isVisible()).toBe(true);
    expect(await page.getByText("Password is required.").isVisible()).toBe(true);

    // Hold the answer back to see the busy state.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/login", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("E-mail").fill("customer@demo.foam");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const busy = page.getByRole("button", { name: "Signing in…" });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await page.getByRole("alert").filter({ hasText: "Unable to log in with provided credentials." }).waitFor();
    expect(path(page)).toBe("/app/login");
    // The 401 answer itself is logged by Chromium; nothing else may be.
    expect(errors.filter((text) => !text.includes("401"))).toEqual([]);
    await context.close();
  });

  test("an answer without a detail shows 'Login failed'", async () => {
    const context = await contextAs(null);
    const { page } = await newPage(context);
    await page.route("**/api/auth/login", (route) => route.fulfill({ status: 500, body: "oops" }));
    await page.goto(app("/login"));
    await settle(page);
    await fillLogin(page, "customer@demo.foam");
    await page.getByRole("alert").filter({ hasText: "Login failed" }).waitFor();
    await context.close();
  });
});

describe("routes as a customer", () => {
  test("every page opens; /admin sends the customer to /dashboard; header shows Dashboard and the e-mail", async () => {
    const context = await contextAs("customer@demo.foam");
    for (const { path: route, h1 } of SHELL_PAGES) {
      const { page, errors } = await newPage(context);
      await page.goto(app(route));
      await settle(page);
      expect((await page.locator("h1").first().textContent())?.trim()).toBe(h1);
      await page.locator(".auth-actions[data-auth='signed-in']").waitFor();
      expect(await page.locator(".user-pill").textContent()).toBe("customer@demo.foam");
      const entry = page.locator(".auth-actions").getByRole("link", { name: "Dashboard" });
      expect(await entry.getAttribute("href")).toBe("/app/dashboard");
      expect(errors).toEqual([]);
      await page.close();
    }
    for (const route of [...OTHER_PUBLIC, ...SIGNED_IN_ONLY]) {
      const { page } = await newPage(context);
      await page.goto(app(route));
      await settle(page);
      expect(path(page)).toBe(`/app${route}`);
      await page.close();
    }
    const { page } = await newPage(context);
    await page.goto(app("/admin"));
    await page.waitForURL("**/app/dashboard");
    await context.close();
  });

  test("dashboard: welcome line, recent projects and quick actions with the backlog", async () => {
    const context = await contextAs("customer@demo.foam");
    const { page, errors } = await newPage(context);
    await page.goto(app("/dashboard"));
    await settle(page);
    expect(await page.locator(".welcome-line").textContent()).toBe("Welcome back, Chris!");
    await expect(page.getByRole("heading", { name: "Recent projects" }).isVisible()).resolves.toBe(true);
    const table = page.locator(".dashboard-projects table");
    if ((await table.count()) > 0) {
      expect(await table.locator("thead th").allTextContents()).toEqual(["Reference", "Status", "Updated"]);
    } else {
      await expect(page.getByText("No projects yet").isVisible()).resolves.toBe(true);
    }
    expect(await page.getByTestId("scanner-backlog").textContent()).toMatch(/^\d+ scan jobs? in the backlog$/);
    expect(await page.getByRole("link", { name: "Open calculator" }).getAttribute("href")).toBe("/app/calculator");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("routes as an admin", () => {
  test("every route opens, including /admin; the header shows Admin", async () => {
    const context = await contextAs("admin@demo.foam");
    for (const { path: route, h1 } of SHELL_PAGES) {
      const { page, errors } = await newPage(context);
      await page.goto(app(route));
      await settle(page);
      expect((await page.locator("h1").first().textContent())?.trim()).toBe(h1);
      const entry = page.locator(".auth-actions").getByRole("link", { name: "Admin" });
      await entry.waitFor();
      expect(await entry.getAttribute("href")).toBe("/app/admin");
      expect(errors).toEqual([]);
      await page.close();
    }
    for (const route of [...OTHER_PUBLIC, ...SIGNED_IN_ONLY, "/admin"]) {
      const { page } = await newPage(context);
      await page.goto(app(route));
      await settle(page);
      expect(path(page)).toBe(`/app${route}`);
      await page.close();
    }
    await context.close();
  });
});

describe("session", () => {
  test("sign out clears the session and replaces history with /login", async () => {
    const context = await contextAs("customer@demo.foam");
    const { page, errors } = await newPage(context);
    await page.goto(app("/about"));
    await settle(page);
    await page.goto(app("/calculator"));
    await settle(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/app/login");
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
    await page.locator(".auth-actions[data-auth='signed-out']").waitFor();
    // Issue 19 (item 12): /login replaced a copy of /calculator's entry, so Back returns to the
    // page the user left (signed out now), and one more Back to /about.
    await page.goBack();
    await page.waitForURL("**/app/calculator");
    await page.locator(".auth-actions[data-auth='signed-out']").waitFor();
    await page.goBack();
    await page.waitForURL("**/app/about");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a stored token the server rejects signs the user out at start-up", async () => {
    const context = await e2e.browser.newContext();
    await context.addInitScript(() => {
      if (!sessionStorage.getItem("seeded")) {
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("auth_token", "not-a-real-token");
        localStorage.setItem("auth_user", JSON.stringify({ email: "ghost@demo.foam", role: "customer" }));
      }
    });
    const { page } = await newPage(context);
    await page.goto(app("/about"));
    await page.locator(".auth-actions[data-auth='signed-out']").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
    await context.close();
  });
});

describe("theme", () => {
  test("defaults to the system preference, toggles, and persists across reloads without a flash", async () => {
    const context = await e2e.browser.newContext({ colorScheme: "dark" });
    const { page, errors } = await newPage(context);
    await page.goto(app("/"));
    await settle(page);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    expect(await theme()).toBe("dark");
    const toggle = page.locator(".theme-toggle");
    await page.locator(".theme-toggle[aria-pressed='true']").waitFor();
    await toggle.click();
    expect(await theme()).toBe("light");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");

    await page.reload();
    // Set by the blocking head script, before any app code runs.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await settle(page);
    await page.locator(".theme-toggle[aria-pressed='false']").waitFor();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await toggle.click();
    await page.goto(app("/about"));
    await settle(page);
    expect(await theme()).toBe("dark");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(background);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("small screens and no JavaScript", () => {
  test("at 375 px the menu folds behind the toggle and no page scrolls sideways", async () => {
    const context = await contextAs("customer@demo.foam", { viewport: { width: 375, height: 740 } });
    const { page, errors } = await newPage(context);
    for (const { path: route } of SHELL_PAGES.concat([{ path: "/dashboard", h1: "Dashboard" }])) {
      await page.goto(app(route));
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ route, overflow }).toEqual({ route, overflow: 0 });
    }
    await page.goto(app("/"));
    await settle(page);
    const toggle = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await nav.isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await nav.isVisible()).toBe(true);
    expect(await page.getByText("customer@demo.foam").isVisible()).toBe(true);
    await page.getByRole("link", { name: "About" }).click();
    await page.waitForURL("**/app/about");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("content pages read fine with JavaScript off", async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(app("/"));
    expect(await page.locator("h1").textContent()).toBe("Foam Intelligence Platform");
    expect(await page.getByRole("navigation", { name: "Main navigation" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Sign in" }).isVisible()).toBe(true);
    await page.goto(app("/scanner-guide"));
    expect(await page.getByRole("link", { name: /PDF/ }).getAttribute("href")).toBe("/api/scanner/template");
    expect(await page.locator("main").textContent()).toContain("100 %");
    await page.goto(app("/calculator"));
    expect(await page.getByLabel("Brand").isVisible()).toBe(true);
    await context.close();
  });
});

describe("shop and guides", () => {
  test("the catalog loads bundles from reference data and View details opens a dialog", async () => {
    const context = await contextAs(null);
    const { page, errors } = await newPage(context);
    const data = (await (await fetch(`${e2e.server.url}/api/reference-data`)).json()) as {
      boxes: { name: string; sku: string | null; description: string | null }[];
    };
    await page.goto(app("/shop"));
    await page.locator(".bundle-card").first().waitFor();
    expect(await page.locator(".bundle-card").count()).toBe(data.boxes.length);
    const withoutDescription = data.boxes.find((box) => !box.description);
    if (withoutDescription) {
      const card = page.locator(".bundle-card").filter({ hasText: withoutDescription.name });
      expect(await card.textContent()).toContain("Foam insert kit ready for custom layouts.");
    }
    const first = data.boxes[0]!;
    await page.getByRole("button", { name: `View details: ${first.name}` }).click();
    const dialog = page.getByRole("dialog", { name: first.name });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(first.sku ?? "No SKU");
    expect(await dialog.textContent()).toContain("mm");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect(page.getByRole("heading", { name: "Smart recommendations" }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the Russian guide and the English instructions teach the pad and link the scanners", async () => {
    const context = await contextAs(null);
    const { page } = await newPage(context);
    await page.goto(app("/scanner-guide"));
    const guide = (await page.locator("main").textContent())!;
    for (const needle of ["100 %", "100 мм", "80 г/м²", "10–20 мм", "15°", "45", "0,3 мм", "12 мм", "12–20 мм", "Частые проблемы"]) {
      expect(guide).toContain(needle);
    }
    expect(await page.locator("main [lang='ru']").count()).toBe(1);
    const hrefs = await page.locator("main a").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs).toEqual(expect.arrayContaining(["/api/scanner/template", "/app/scanner", "/app/scanner-ai"]));

    await page.goto(app("/scanner-instructions"));
    const instructions = (await page.locator("main").textContent())!;
    for (const needle of ["100 %", "100 mm check bar", "80 g/m²", "diffuse light", "10–20 mm", "15°", "Sensitivity", "RDP", "Allowance", "Inset", "Common issues"]) {
      expect(instructions).toContain(needle);
    }
    await context.close();
  });
});
