import { afterEach, beforeEach, describe, expect, mock, spyOn, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { hydrateRoot } from "react-dom/client";
import { App } from "../../app";
import { DEFAULT_SITE_CONFIG, readSiteConfig, SITE_CONFIG_ELEMENT_ID, serializeSiteConfig } from "../../lib/site-config";
import { findRoute } from "../../routes";

const realFetch = globalThis.fetch;
let replaced: string[] = [];

function mockProfile(answer: { status: number; body: unknown }) {
  const fetchMock = mock(async (_input: RequestInfo | URL) => new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function storeSession(user: Record<string, unknown>) {
  localStorage.setItem("auth_token", "token-1");
  localStorage.setItem("auth_user", JSON.stringify(user));
}

function renderShell(path = "/app/") {
  return render(
    <App route={findRoute(path)}>
      <p>page body</p>
    </App>,
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute("data-theme");
  replaced = [];
  spyOn(window.location, "replace").mockImplementation((url: string | URL) => {
    replaced.push(String(url));
  });
});

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  mock.restore();
});

describe("header", () => {
  test("logo, the seven navigation links in order, the current page marked", () => {
    mockProfile({ status: 200, body: {} });
    renderShell("/app/calculator");
    expect(screen.getByRole("link", { name: /home/i }).getAttribute("href")).toBe("/app/");
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    const links = [...nav.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Main", "/app/"],
      ["Calculator", "/app/calculator"],
      ["Scanner", "/app/scanner"],
      ["AI Scanner", "/app/scanner-ai"],
      ["Foam Editor", "/app/foam-editor"],
      ["Shop", "/app/shop"],
      ["About", "/app/about"],
    ]);
    expect(screen.getByRole("link", { name: "Calculator" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Main" }).getAttribute("aria-current")).toBeNull();
  });

  test("the menu toggle opens and closes the menu (aria-expanded), Escape closes it", () => {
    mockProfile({ status: 200, body: {} });
    renderShell();
    const toggle = screen.getByRole("button", { name: "Menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.getAttribute("aria-controls")).toBe("site-menu");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById("site-menu")!.dataset.open).toBe("true");
    fireEvent.keyDown(window, { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  test("signed out: Dashboard and Sign in both lead to /login", async () => {
    const fetchMock = mockProfile({ status: 200, body: {} });
    renderShell();
    await waitFor(() => expect(screen.getByRole("link", { name: "Sign in" })).toBeTruthy());
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/app/login");
    expect(screen.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/app/login");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test("signed-in customer: Dashboard button, e-mail pill, Sign out replaces history with /login", async () => {
    storeSession({ email: "customer@demo.foam", role: "customer", first_name: "Chris" });
    const fetchMock = mockProfile({ status: 200, body: { email: "customer@demo.foam", role: "customer", first_name: "Chris" } });
    renderShell();
    await waitFor(() => expect(screen.getByText("customer@demo.foam")).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/auth/profile");
    expect(screen.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/app/dashboard");
    expect(screen.queryByRole("link", { name: "Admin" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(localStorage.getItem("auth_token")).toBeNull();
    expect(replaced).toEqual(["/app/login"]);
    // The server ends the session too (POST /api/auth/logout with the token in the header).
    expect(fetchMock.mock.calls.some((call) => String(call[0]) === "/api/auth/logout" && (call as unknown[])[1] !== undefined && ((call as unknown[])[1] as RequestInit).method === "POST")).toBe(true);
  });

  test("signed-in admin gets the Admin entry point", async () => {
    storeSession({ email: "admin@demo.foam", role: "admin" });
    mockProfile({ status: 200, body: { email: "admin@demo.foam", role: "admin" } });
    renderShell();
    await waitFor(() => expect(screen.getByRole("link", { name: "Admin" }).getAttribute("href")).toBe("/app/admin"));
    expect(screen.getByText("admin@demo.foam")).toBeTruthy();
  });

  test("a failed profile check signs the user out", async () => {
    storeSession({ email: "customer@demo.foam", role: "customer" });
    mockProfile({ status: 401, body: { detail: "Invalid or expired token." } });
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    renderShell();
    await waitFor(() => expect(screen.getByRole("link", { name: "Sign in" })).toBeTruthy());
    expect(localStorage.getItem("auth_token")).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  test("theme toggle flips html[data-theme] and stores the choice", async () => {
    mockProfile({ status: 200, body: {} });
    document.documentElement.dataset.theme = "light";
    renderShell();
    const toggle = document.querySelector<HTMLButtonElement>(".theme-toggle")!;
    await waitFor(() => expect(toggle.getAttribute("aria-pressed")).toBe("false"));
    fireEvent.click(toggle);
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(localStorage.getItem("theme")).toBe("dark");
    await waitFor(() => expect(toggle.getAttribute("aria-pressed")).toBe("true"));
    fireEvent.click(toggle);
    expect(document.documentElement.dataset.theme).toBe("light");
    expect(localStorage.getItem("theme")).toBe("light");
  });
});

describe("footer", () => {
  test("privacy, terms, contact mail link, year and build 23", () => {
    mockProfile({ status: 200, body: {} });
    renderShell();
    expect(screen.getByRole("link", { name: "Privacy" }).getAttribute("href")).toBe("/app/privacy");
    expect(screen.getByRole("link", { name: "Terms" }).getAttribute("href")).toBe("/app/terms");
    expect(screen.getByRole("link", { name: "Contact" }).getAttribute("href")).toStartWith("mailto:");
    const footer = document.querySelector("footer")!.textContent!;
    expect(footer).toContain(`© ${new Date().getFullYear()}`);
    expect(footer).toContain("Build 23");
  });

  test("the contact link uses the operator's address (CONTACT_EMAIL), rendered into the page and read back before hydration", () => {
    mockProfile({ status: 200, body: {} });
    const site = { contactEmail: "help@acme-foam.test" };
    const script = document.createElement("script");
    script.id = SITE_CONFIG_ELEMENT_ID;
    script.type = "application/json";
    script.textContent = serializeSiteConfig(site);
    document.body.appendChild(script);
    expect(readSiteConfig()).toEqual(site);
    script.textContent = "not json";
    expect(readSiteConfig()).toEqual(DEFAULT_SITE_CONFIG);
    script.remove();
    render(
      <App route={findRoute("/app/")} site={site}>
        <p>page body</p>
      </App>,
    );
    expect(screen.getByRole("link", { name: "Contact" }).getAttribute("href")).toBe("mailto:help@acme-foam.test");
    expect(serializeSiteConfig({ contactEmail: "</script><script>x" })).not.toContain("<");
  });
});

describe("hydration", () => {
  test("the server HTML hydrates without warnings for a signed-in user", async () => {
    storeSession({ email: "customer@demo.foam", role: "customer" });
    mockProfile({ status: 200, body: { email: "customer@demo.foam", role: "customer" } });
    const route = findRoute("/app/about");
    const tree = (
      <App route={route}>
        <p>page body</p>
      </App>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(tree);
    document.body.appendChild(container);
    const errors = spyOn(console, "error").mockImplementation(() => {});
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, tree);
    });
    await waitFor(() => expect(container.textContent).toContain("customer@demo.foam"));
    expect(errors).not.toHaveBeenCalled();
    act(() => root!.unmount());
    container.remove();
  });
});
