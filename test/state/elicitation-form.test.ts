import { describe, expect, it } from "vitest";
import { ElicitationFormSchema } from "../../src/protocol/index.js";
import { formFields, initialValues, submitForm } from "../../src/state/elicitation-form.js";

const form = ElicitationFormSchema.parse({
  type: "object",
  required: ["name", "count", "size"],
  properties: {
    name: { type: "string", title: "Name\u001b]0;x\u0007", minLength: 2 },
    mail: { type: "string", format: "email" },
    count: { type: "integer", minimum: 1, maximum: 3 },
    ratio: { type: "number" },
    ok: { type: "boolean", default: true },
    size: { type: "string", enum: ["s", "m"] },
    tags: { type: "array", minItems: 1, maxItems: 2, items: { enum: ["a", "b", "c"] } },
  },
});

describe("elicitation forms", () => {
  const fields = formFields(form);

  it("reads each field kind of the spec's subset, sanitizing titles", () => {
    expect(fields.map((field) => [field.key, field.kind, field.required])).toEqual([
      ["name", "text", true],
      ["mail", "text", false],
      ["count", "number", true],
      ["ratio", "number", false],
      ["ok", "boolean", false],
      ["size", "select", true],
      ["tags", "multi", false],
    ]);
    expect(fields[0]!.title).toBe("Name");
    expect(initialValues(form, fields)).toEqual({ ok: true, tags: [] });
  });

  it("names every problem, field by field", () => {
    expect(
      submitForm(fields, { name: "x", mail: "nope", count: "2.5", ratio: "abc", size: "xl", tags: ["a", "b", "c"] }),
    ).toEqual({
      problems: {
        name: "at least 2 characters",
        mail: "not a valid email",
        count: "a whole number is needed",
        ratio: "not a number",
        size: "pick one",
        tags: "pick at most 2",
      },
    });
    expect(submitForm(fields, { count: "9" })).toEqual({
      problems: { name: "required", count: "at most 3", size: "required" },
    });
  });

  it("sends typed values: numbers as numbers, booleans, chosen values; optional empty fields left out", () => {
    expect(
      submitForm(fields, { name: "Ada", count: "2", ratio: "0.5", ok: false, size: "m", tags: ["c"], mail: "" }),
    ).toEqual({
      content: { name: "Ada", count: 2, ratio: 0.5, ok: false, size: "m", tags: ["c"] },
    });
  });
});
