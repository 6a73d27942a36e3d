import { describe, expect, it } from "vitest";
import { z } from "zod";
import { labelOf } from "./labels.js";
import { validationMessage } from "./messages.js";
import {
  after,
  digitsBetween,
  englishErrorMap,
  issuesToFieldErrors,
  localizedErrorMap,
  same,
  spanishErrorMap,
  stringBetween,
  uploadedFile,
} from "./zod.js";

/** The `{ field: [messages] }` a schema answers for `data`, in Spanish. */
function errorsOf(schema: z.ZodType, data: unknown) {
  const result = schema.safeParse(data, { error: spanishErrorMap });
  return result.success ? {} : issuesToFieldErrors(result.error.issues);
}

describe("labels", () => {
  it("names fields by their last named segment", () => {
    expect(labelOf("max_capacity")).toBe("máxima capacidad");
    expect(labelOf("installments.0.date")).toBe("fecha");
    expect(labelOf(["students", 3, "note"])).toBe("nota");
    expect(labelOf("some_unknown_field")).toBe("some unknown field");
  });
});

describe("message templates", () => {
  it("fills placeholders, naming other fields by their label", () => {
    expect(validationMessage("required", "females_limit")).toBe("El campo límite de hembras es obligatorio.");
    expect(validationMessage("unique", "code")).toBe("El valor del campo código ya está en uso.");
    expect(validationMessage("after", "end_date", { date: "start_date" })).toBe(
      "El campo fecha de cierre debe ser una fecha posterior a fecha de inicio.",
    );
    expect(validationMessage("before", "start_date", { date: "2025-01-01" })).toBe(
      "El campo fecha de inicio debe ser una fecha anterior a 2025-01-01.",
    );
    expect(validationMessage("same", "password", { other: "password_confirmation" })).toBe(
      "Los campos contraseña y confirmación de contraseña deben coincidir.",
    );
    expect(validationMessage("between", "name", { kind: "string", min: 2, max: 5 })).toBe(
      "El campo nombre tiene que tener entre 2 y 5 caracteres.",
    );
    expect(validationMessage("mimes", "file", { values: ["pdf", "png"] })).toBe(
      "El campo archivo debe ser un archivo con formato: pdf, png.",
    );
    expect(validationMessage("numeric", "amount")).toBe("El campo monto debe ser numérico.");
  });
});

describe("Zod issues in Spanish", () => {
  it("maps sizes by the kind of value", () => {
    const schema = z.object({
      name: z.string().min(3),
      teacher_ids: z.array(z.number()).max(1),
      amount: z.number().positive(),
      credits: z.number().lt(10),
      code: z.string().length(4),
      hours: z.number().multipleOf(5),
    });
    expect(
      errorsOf(schema, { name: "ab", teacher_ids: [1, 2], amount: 0, credits: 10, code: "abc", hours: 7 }),
    ).toEqual({
      name: ["El campo nombre debe contener al menos 3 caracteres."],
      teacher_ids: ["El campo profesores no debe tener más de 1 elementos."],
      amount: ["El campo monto debe ser mayor que 0."],
      credits: ["El campo créditos debe ser menor que 10."],
      code: ["El campo código debe contener 4 caracteres."],
      hours: ["El campo horas debe ser múltiplo de 5."],
    });
  });

  it("reads null, undefined and blank strings as required", () => {
    const schema = z.object({
      name: z.string().min(1),
      email: z.email(),
      gender: z.enum(["female", "male"]),
    });
    expect(errorsOf(schema, { name: "", email: null })).toEqual({
      name: ["El campo nombre es obligatorio."],
      email: ["El campo correo electrónico es obligatorio."],
      gender: ["El campo género es obligatorio."],
    });
  });

  it("keeps a message written on the schema", () => {
    expect(errorsOf(z.object({ code: z.string().min(2, "Muy corto.") }), { code: "a" })).toEqual({
      code: ["Muy corto."],
    });
  });

  it("reports unknown keys of strict objects", () => {
    expect(errorsOf(z.strictObject({ code: z.string() }), { code: "a", admin: true })).toEqual({
      admin: ["El campo admin no está permitido."],
    });
  });

  it("covers the rules Zod lacks", () => {
    const schema = z
      .object({
        identity_document: digitsBetween(6, 8),
        title: stringBetween(3, 10),
        start_date: z.iso.date(),
        end_date: z.iso.date(),
        password: z.string(),
        new_password: z.string(),
        cover_picture: uploadedFile({ mimes: ["png", "jpg"], maxKb: 1 }),
        file: uploadedFile({ mimes: ["pdf"] }),
      })
      .superRefine(after("end_date", "start_date", { orEqual: true }))
      .superRefine(same("new_password", "password"));
    expect(
      errorsOf(schema, {
        identity_document: "12a",
        title: "ab",
        start_date: "2025-03-01",
        end_date: "2025-02-01",
        password: "a",
        new_password: "b",
        cover_picture: { filename: "big.png", mimetype: "image/png", size: 4096 },
        file: { filename: "x.exe", mimetype: "application/octet-stream", size: 1 },
      }),
    ).toEqual({
      identity_document: ["El campo cédula debe tener entre 6 y 8 dígitos."],
      title: ["El campo título tiene que tener entre 3 y 10 caracteres."],
      cover_picture: ["El campo portada no debe ser mayor que 1 kilobytes."],
      file: ["El campo archivo debe ser un archivo con formato: pdf."],
      end_date: ["El campo fecha de cierre debe ser una fecha posterior o igual a fecha de inicio."],
      new_password: ["Los campos nueva contraseña y contraseña deben coincidir."],
    });
    expect(errorsOf(z.object({ file: uploadedFile() }), { file: "not a file" })).toEqual({
      file: ["El campo archivo debe ser un archivo."],
    });
  });

  it("can be installed for every schema", () => {
    const previous = z.config().customError;
    z.config({ customError: spanishErrorMap });
    try {
      const result = z.object({ email: z.email() }).safeParse({ email: "x" });
      expect(result.error?.issues[0]?.message).toBe("El campo correo electrónico no es un correo válido.");
    } finally {
      z.config({ customError: previous });
    }
  });
});

describe("English messages (web app in English)", () => {
  it("writes the same rules in English with English field names", () => {
    const schema = z.object({
      email: z.email(),
      max_capacity: z.number().int().min(1),
      code: z.string().min(1),
    });
    const result = schema.safeParse({ email: "x", max_capacity: 0, code: "" }, { error: englishErrorMap });
    expect(issuesToFieldErrors(result.error!.issues)).toEqual({
      email: ["The email field must be a valid email address."],
      max_capacity: ["The maximum capacity field must be at least 1."],
      code: ["The code field is required."],
    });
    expect(validationMessage("after", "end_date", { date: "start_date" }, "en")).toBe(
      "The end date field must be a date after start date.",
    );
  });

  it("follows the chosen language at the time of the check", () => {
    let lang = "es";
    const map = localizedErrorMap(() => lang);
    const schema = z.object({ password: z.string().min(1) });
    expect(schema.safeParse({ password: "" }, { error: map }).error?.issues[0]?.message).toBe(
      "El campo contraseña es obligatorio.",
    );
    lang = "en";
    expect(schema.safeParse({ password: "" }, { error: map }).error?.issues[0]?.message).toBe(
      "The password field is required.",
    );
  });
});
