import { describe, expect, it } from "vitest";
import { z } from "#common/zod.ts";
import { isAppError } from "./errors.ts";
import { fieldMessages, invalidInput, isZodError, messageFor } from "./input-errors.ts";
import { toolInput } from "./tool-input.ts";

const failureOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected a failure");
  return result.error;
};

const person = z.object({
  name: z.string().min(2, "Name: at least 2 characters").max(5, "Name: at most 5 characters"),
  links: z.array(z.string().startsWith("https://", "Each link starts with https://")).max(2, "At most 2 links"),
  faq: z.array(
    z.object({
      question: z.string().min(1, "Each answer needs its question"),
      answer: z.string().min(1, "Each question needs its answer"),
    }),
  ),
});

describe("invalidInput", () => {
  it("keys a field inside a list by its full path, as the API always did", () => {
    const error = invalidInput(
      failureOf(person, { name: "Ada", links: ["ftp://x"], faq: [{ question: "Free?", answer: "" }] }),
    );
    expect(error.fields).toEqual({
      "links.0": "Each link starts with https://",
      "faq.0.answer": "Each question needs its answer",
    });
    expect(error).toMatchObject({ code: "invalid-argument", status: 400, message: "Each link starts with https://" });
  });

  it("keeps the first message of each field", () => {
    const error = invalidInput(
      failureOf(
        z.object({
          name: z
            .string()
            .min(2, "first")
            .regex(/^[a-z]+$/, "second"),
        }),
        { name: "1" },
      ),
    );
    expect(error.fields).toEqual({ name: "first" });
  });

  it("tells an issue about the whole input as the message, under no field", () => {
    const error = invalidInput(failureOf(person, "not an object"));
    expect(error.fields).toBeUndefined();
    expect(error.message).toMatch(/expected object/i);
  });

  it("prefers the message about the whole input to a field's", () => {
    const schema = z
      .object({ a: z.string().min(1, "A is missing"), b: z.string() })
      .superRefine((_value, ctx) => ctx.addIssue({ code: "custom", message: "A and B must differ" }));
    const error = invalidInput(failureOf(schema, { a: "", b: "" }));
    expect(error.message).toBe("A and B must differ");
    expect(error.fields).toMatchObject({ a: "A is missing" });
    expect(error.fields).not.toHaveProperty("_");
  });

  it("tells the tool form's faq answer under its full path", () => {
    const error = invalidInput(
      failureOf(toolInput, {
        name: "Counter",
        website: "counter.example",
        shortDesc: "Counts visitors without cookies.",
        categories: ["c1"],
        pros: [],
        cons: [],
        faq: [{ question: "Free?", answer: "" }],
      }),
    );
    expect(error.fields).toEqual({ "faq.0.answer": "Each question needs its answer" });
  });
});

describe("fieldMessages", () => {
  it("names a path of numbers and words with dots", () => {
    expect(fieldMessages([{ path: ["faq", 2, "question"], message: "m" }])).toEqual({ "faq.2.question": "m" });
  });
});

describe("messageFor", () => {
  const fields = {
    name: "bad name",
    "links.1": "bad second link",
    "links.0": "bad first link",
    "faq.0.answer": "no answer",
  };

  it("finds a field's own message", () => {
    expect(messageFor(fields, "name")).toBe("bad name");
  });

  it("finds the first message inside a list, as a form shows it beside the list", () => {
    expect(messageFor(fields, "links")).toBe("bad second link");
    expect(messageFor(fields, "faq")).toBe("no answer");
  });

  it("does not take a field whose name only starts the same", () => {
    expect(messageFor({ namesake: "other" }, "name")).toBeUndefined();
    expect(messageFor(undefined, "name")).toBeUndefined();
  });
});

describe("isZodError", () => {
  it("recognises a Zod failure by its shape, and nothing else", () => {
    expect(isZodError(failureOf(person, {}))).toBe(true);
    expect(isZodError(new Error("x"))).toBe(false);
    expect(isZodError({ name: "ZodError" })).toBe(false);
    expect(isAppError(invalidInput(failureOf(person, {})))).toBe(true);
  });
});
