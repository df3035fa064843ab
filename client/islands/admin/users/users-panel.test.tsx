import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, render, screen } from "@testing-library/react";
import { userPayload, validateUser } from "./user-form";
import { UsersPanel } from "./users-panel";

afterEach(cleanup);

const values = {
  email: " new@example.com ",
  first_name: " Ann ",
  last_name: "",
  company: "",
  locale: "en-US",
  timezone: "",
  role: "sales",
  password: "",
  is_active: true,
  is_verified: false,
};

describe("users panel", () => {
  test("without a token it asks to sign in and loads nothing", () => {
    render(<UsersPanel />);
    expect(screen.getByText("Sign in to access the administrator tools.")).toBeDefined();
    expect(screen.queryByRole("button", { name: "New user" })).toBeNull();
  });

  test("validation follows SPEC section 5", () => {
    expect(validateUser({ ...values, email: " ", role: "" }, true)).toEqual({
      email: "Email is required.",
      role: "Select a role.",
      password: "Password is required when creating a user.",
    });
    expect(validateUser({ ...values, password: "short" }, false)).toEqual({ password: "Password must be at least 8 characters." });
    expect(validateUser(values, false)).toEqual({});
  });

  test("the payload is trimmed and sends the password only when filled in", () => {
    expect(userPayload(values)).toEqual({
      email: "new@example.com",
      first_name: "Ann",
      last_name: "",
      company: "",
      locale: "en-US",
      timezone: "",
      role: "sales",
      is_active: true,
      is_verified: false,
    });
    expect(userPayload({ ...values, password: "long-enough" }).password).toBe("long-enough");
  });
});

describe("assignableRoles", () => {
  const roles = ["customer", "sales", "technician", "operator", "admin", "super_admin"].map((code) => ({ code, name: code }));
  test("keeps the server's order (least privileged first, the create default) and never offers super_admin to an admin", async () => {
    const { assignableRoles } = await import("./users-panel");
    const forAdmin = assignableRoles(roles, "admin").map((role) => role.code);
    expect(forAdmin).toEqual(["customer", "sales", "technician", "operator", "admin"]);
    expect(assignableRoles(roles, "super_admin").map((role) => role.code)).toEqual(roles.map((role) => role.code));
  });
});
