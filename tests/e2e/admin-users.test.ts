import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { newPage, signIn, useE2E } from "./helpers";

const e2e = useE2E();

const row = (page: Page, email: string) => page.locator(`[data-testid="users-row"][data-email="${email}"]`);

async function login(email: string, password: string): Promise<number> {
  const response = await fetch(`${e2e.server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

test("creates a user, edits them, deactivates them and they can no longer sign in", async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const { page, errors } = await newPage(context);
  await signIn(page, e2e.server.url, "admin@demo.foam");
  await page.goto(`${e2e.server.url}/app/admin?tab=users`);
  await page.getByRole("heading", { name: "User management" }).waitFor();
  await page.getByTestId("users-row").first().waitFor();

  // Sorted by e-mail; last login or 'No logins yet'; Verified / Not verified.
  const emails = await page.getByTestId("users-row").evaluateAll((rows) => rows.map((entry) => entry.getAttribute("data-email")!));
  expect(emails).toEqual([...emails].sort((a, b) => a.localeCompare(b)));
  await row(page, "technician@demo.foam").getByText("Not verified").waitFor();
  await row(page, "technician@demo.foam").getByText("No logins yet").waitFor();
  await row(page, "technician@demo.foam").getByRole("cell", { name: "Technician", exact: true }).waitFor();

  await page.getByTestId("users-new").click();
  await expect(page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).resolves.toBe("user-email");
  // Default role: the first in the form's list, which offers only assignable roles, least privileged first.
  await expect(page.getByTestId("user-role").inputValue()).resolves.toBe("customer");
  const options = await page.getByTestId("user-role").locator("option").evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value).filter(Boolean));
  expect(options).not.toContain("super_admin");
  await page.getByTestId("user-save").click();
  await page.getByTestId("user-form").getByText("Email is required.").waitFor();
  await page.getByTestId("user-form").getByText("Password is required when creating a user.").waitFor();

  const email = `e2e.${Date.now()}@example.com`;
  await page.getByTestId("user-email").fill(`  ${email}  `);
  await page.getByTestId("user-first-name").fill(" Erin ");
  await page.getByTestId("user-last-name").fill("Tester");
  await page.getByTestId("user-role").selectOption("technician");
  await page.getByTestId("user-password").fill("short");
  await page.getByTestId("user-save").click();
  await page.getByTestId("user-form").getByText("Password must be at least 8 characters.").waitFor();
  await page.getByTestId("user-password").fill("first-pass-1");
  const created = page.waitForResponse((response) => response.url().endsWith("/api/admin/users") && response.request().method() === "POST");
  await page.getByTestId("user-save").click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ email, first_name: "Erin", last_name: "Tester", role: "technician", password: "first-pass-1", is_active: true });
  await page.getByTestId("users-notice").filter({ hasText: "User created." }).waitFor();
  await row(page, email).getByText("Erin Tester").waitFor();
  // After create the form resets.
  await expect(page.getByTestId("user-email").inputValue()).resolves.toBe("");
  expect(await login(email, "first-pass-1")).toBe(200);

  // Edit without a password: it is not sent and keeps working.
  await row(page, email).getByTestId("users-edit").click();
  await page.getByRole("heading", { name: `Edit ${email}` }).waitFor();
  await expect(page.getByTestId("user-password").getAttribute("placeholder")).resolves.toBe("Leave blank to keep current");
  await page.getByTestId("user-company").fill("E2E Labs");
  await page.getByTestId("user-role").selectOption("sales");
  const edited = page.waitForResponse((entry) => /\/api\/admin\/users\/\d+$/.test(entry.url()) && entry.request().method() === "PATCH");
  await page.getByTestId("user-save").click();
  const editBody = (await edited).request().postDataJSON();
  expect(editBody.password).toBeUndefined();
  expect(editBody).toMatchObject({ company: "E2E Labs", role: "sales" });
  await page.getByTestId("users-notice").filter({ hasText: "Changes saved." }).waitFor();
  await row(page, email).getByRole("cell", { name: "Sales", exact: true }).waitFor();
  expect(await login(email, "first-pass-1")).toBe(200);

  // A server refusal shows its detail (a taken e-mail).
  await page.getByTestId("users-new").click();
  await page.getByTestId("user-email").fill("admin@demo.foam");
  await page.getByTestId("user-role").selectOption("customer");
  await page.getByTestId("user-password").fill("another-pass-1");
  await page.getByTestId("user-save").click();
  await page.getByTestId("user-form").getByRole("alert").first().waitFor();
  const detail = await page.getByTestId("user-form").locator(".alert").textContent();
  expect(detail).not.toBe("Failed to save user.");
  expect(detail!.length).toBeGreaterThan(0);

  // Deactivate: only is_active and role are sent; the user can no longer sign in.
  const toggled = page.waitForResponse((entry) => /\/api\/admin\/users\/\d+$/.test(entry.url()) && entry.request().method() === "PATCH");
  await row(page, email).getByTestId("users-toggle").click();
  expect((await toggled).request().postDataJSON()).toEqual({ is_active: false, role: "sales" });
  await row(page, email).getByTestId("users-row-status").filter({ hasText: "suspended" }).waitFor();
  await row(page, email).getByRole("button", { name: `Activate ${email}` }).waitFor();
  expect(await login(email, "first-pass-1")).not.toBe(200);

  // The admin cannot deactivate their own account from here.
  await expect(row(page, "admin@demo.foam").getByTestId("users-toggle").isDisabled()).resolves.toBe(true);
  expect(errors.filter((error) => !error.includes("409"))).toEqual([]);
  await context.close();
});

test("a deactivated user is turned away from the app", async () => {
  // Sign in first, then deactivate through the API: the stored session stops working.
  const adminToken = ((await (await fetch(`${e2e.server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@demo.foam", password: "foam-demo-1" }),
  })).json()) as { token: string }).token;
  const context = await e2e.browser.newContext();
  const { page } = await newPage(context);
  await signIn(page, e2e.server.url, "sales@demo.foam");
  const users = (await (await fetch(`${e2e.server.url}/api/admin/users`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as {
    results: { id: number; email: string; role: string }[];
  };
  const sales = users.results.find((user) => user.email === "sales@demo.foam")!;
  await fetch(`${e2e.server.url}/api/admin/users/${sales.id}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ is_active: false, role: sales.role }),
  });
  await page.goto(`${e2e.server.url}/app/dashboard`);
  await page.waitForURL(/\/app\/login$/);
  expect(await login("sales@demo.foam", "foam-demo-1")).not.toBe(200);
  await context.close();
});

test("without a token the users panel asks to sign in", async () => {
  const context = await e2e.browser.newContext();
  const { page } = await newPage(context);
  await page.goto(`${e2e.server.url}/app/admin?tab=users`);
  // The access gate sends a visitor to the login page and remembers where they were going.
  await page.waitForURL(/\/app\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem("auth_redirect"))).toBe("/app/admin?tab=users");
  await context.close();
});
