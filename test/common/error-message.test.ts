import { describe, expect, it } from "vitest";
import { errorMessage } from "../../src/common/error-message.js";

describe("errorMessage", () => {
  it("says an error's message whatever carried it, never [object Object]", () => {
    expect(errorMessage(new Error("disk full"))).toBe("disk full");
    // A JSON-RPC error object passed on as it came (what gemini-cli once printed as [object Object]).
    expect(errorMessage({ code: -32002, message: "Resource not found: /a" })).toBe("Resource not found: /a");
    expect(errorMessage({ code: 7 })).toBe('{"code":7}');
    expect(errorMessage("plain")).toBe("plain");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(errorMessage(cyclic)).toBe("[object Object]");
    expect(errorMessage(undefined)).toBe("undefined");
  });
});
