import { describe, expect, test } from "bun:test";
import { ApiError } from "../../../lib/api";
import { actionErrorMessage } from "../operator/use-operator-board";
import { detailOr, loadErrorMessage } from "./error-message";
import { integerOrNull, numberOrNull, textOrNull, toInput } from "./form-values";
import { productionLabel, productionStatusOf } from "./production";

describe("form values (SPEC section 5)", () => {
  test("text is trimmed and empty becomes null; numbers parse or become null", () => {
    expect(textOrNull("  a b ")).toBe("a b");
    expect(textOrNull("   ")).toBeNull();
    expect(numberOrNull(" 12.5 ")).toBe(12.5);
    expect(numberOrNull("")).toBeNull();
    expect(numberOrNull("abc")).toBeNull();
    expect(integerOrNull("7.6")).toBe(8);
    expect(toInput(null)).toBe("");
    expect(toInput(0)).toBe("0");
  });
});

describe("error messages (SPEC section 8)", () => {
  test("load failures show the server message first, else the fallback", () => {
    expect(loadErrorMessage(new ApiError("Orders store offline.", 503, { detail: "Orders store offline." }), "Failed to load orders. Check server connection.")).toBe("Orders store offline.");
    expect(loadErrorMessage(new ApiError("Request failed", 500, null), "Failed to load orders. Check server connection.")).toBe("Failed to load orders. Check server connection.");
    expect(loadErrorMessage(new TypeError("Failed to fetch"), "Failed to load catalog.")).toBe("Failed to load catalog.");
  });

  test("user save prefers a string detail from the payload", () => {
    expect(detailOr(new ApiError("x", 409, { detail: "Email already in use." }), "Failed to save user.")).toBe("Email already in use.");
    expect(detailOr(new ApiError("x", 422, { detail: [{ msg: "bad" }] }), "Failed to save user.")).toBe("Failed to save user.");
    expect(detailOr(new Error("boom"), "Failed to update user status.")).toBe("Failed to update user status.");
  });

  test("a failed operator action shows the message or the Russian fallback with the action", () => {
    expect(actionErrorMessage(new ApiError("Production has not been started.", 409, {}), "complete-production")).toBe("Production has not been started.");
    expect(actionErrorMessage(new ApiError("Request failed", 500, null), "start-production")).toBe("Ошибка выполнения действия: start-production");
    expect(actionErrorMessage(new TypeError("Failed to fetch"), "generate-cutting-file")).toBe("Ошибка выполнения действия: generate-cutting-file");
  });
});

describe("production statuses", () => {
  test("a missing or unknown status counts as pending", () => {
    expect(productionStatusOf(undefined)).toBe("pending");
    expect(productionStatusOf("bogus")).toBe("pending");
    expect(productionStatusOf("issue")).toBe("issue");
    expect(productionLabel("in_progress")).toBe("In Production");
    expect(productionLabel(null)).toBe("Pending");
  });
});
