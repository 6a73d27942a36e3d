import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Role } from "../../common/roles.js";
import {
  after,
  before,
  confirmed,
  digits,
  numberBetween,
  uploadedFile,
} from "../../common/validation/zod.js";
import { buildApp } from "../app.js";
import { classHours, classrooms } from "../db/schema/index.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { refuse } from "./errors.js";
import { listQuery } from "./list-query.js";
import { uniqueViolation } from "./validation.js";

let ctx: TestContext;
/** The real app plus throwaway routes under /api/test that force each kind of error. */
let app: FastifyInstance;
let admin: { authorization: string };

const ruleSchema = z
  .object({
    email: z.email(),
    password: z.string().min(8),
    password_confirmation: z.string(),
    start_date: z.iso.date(),
    end_date: z.iso.date(),
    identity_document: digits(8),
    max_capacity: numberBetween(1, 50),
    males_limit: z.number().int(),
    code: z.string().regex(/^[A-Z]+$/),
    type: z.enum(["1", "2"]),
    file: uploadedFile({ image: true }),
  })
  .superRefine(confirmed("password"))
  .superRefine(after("end_date", "start_date"))
  .superRefine(before("start_date", "end_date"));

async function testRoutes(instance: FastifyInstance) {
  const r = instance.withTypeProvider<ZodTypeProvider>();
  r.get("/boom", async () => {
    throw new Error("select password_hash from users where secret = 'x'");
  });
  r.get("/missing-table", async () => instance.db.execute(sql`select * from table_that_does_not_exist`));
  r.post("/duplicate-code", async () => {
    await instance.db.insert(classrooms).values({ code: "CT-DUP", maxCapacity: 1 });
    await instance.db.insert(classrooms).values({ code: "CT-DUP", maxCapacity: 1 });
  });
  r.post("/duplicate-hour", async () => {
    await instance.db.insert(classHours).values({ startTime: "06:00", endTime: "06:30" });
    await instance.db.insert(classHours).values({ startTime: "06:00", endTime: "06:30" });
  });
  r.get("/refuse", async () => {
    throw refuse("classroom_has_schedules");
  });
  r.get("/unique", async () => {
    throw uniqueViolation("code");
  });
  r.post("/rules", { schema: { body: ruleSchema } }, async () => ({ ok: true }));
  r.post("/echo", { schema: { body: z.object({ name: z.string() }) } }, async (req) => req.body);
  // A route validated the Ajv way (an array of JSON-schema errors), as a plugin might.
  instance.post(
    "/ajv",
    {
      // Hidden from the OpenAPI document, which only reads Zod schemas.
      schema: { hide: true, body: { type: "object" } } as never,
      validatorCompiler: () => () => ({
        error: [
          {
            keyword: "required",
            instancePath: "",
            schemaPath: "#/required",
            params: { missingProperty: "email" },
          },
          {
            keyword: "type",
            instancePath: "/max_capacity",
            schemaPath: "#/type",
            params: { type: "integer" },
          },
        ] as never,
      }),
    },
    async () => ({ ok: true }),
  );
  r.get(
    "/list",
    {
      schema: {
        querystring: listQuery({ sortable: ["id", "code"], defaultSort: { field: "id", direction: "desc" } }),
      },
    },
    async (req) => req.query,
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await createUserWithToken(ctx, Role.admin)).headers;
  app = await buildApp({ config: ctx.config, db: ctx.db });
  await app.register(testRoutes, { prefix: "/api/test" });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

const expectShape = (body: Record<string, unknown>) => {
  for (const key of Object.keys(body)) expect(["message", "code", "description", "errors"]).toContain(key);
  expect(typeof body.message).toBe("string");
  expect(typeof body.description).toBe("string");
};

describe("error shape", () => {
  it("400: a business refusal", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/refuse" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "classroom_has_schedules",
      description: "El aula tiene horarios asignados y no puede eliminarse.",
    });
  });

  it("400: malformed JSON, in Spanish", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: '{"name": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "invalid_json_body",
      description: "El cuerpo de la solicitud no es un JSON válido.",
    });
  });

  it("415: an unsupported content type", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/xml" },
      payload: "<name/>",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe("unsupported_media_type");
  });

  it("403: this_action_is_unauthorized", async () => {
    const { headers } = await createUserWithToken(ctx, Role.student);
    const res = await app.inject({ method: "POST", url: "/api/classrooms", headers, payload: {} });
    expect(res.statusCode).toBe(403);
    expectShape(res.json());
    expect(res.json().message).toBe("this_action_is_unauthorized");
  });

  it("404: route_not_found, whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await app.inject({ method, url: "/api/no/such/route" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: "route_not_found",
        description: "La ruta solicitada no existe.",
      });
    }
  });

  it("422: errors keyed by field", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/unique" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "validation_failed",
      description: "Por favor verifique la información ingresada",
      errors: { code: ["El valor del campo código ya está en uso."] },
    });
  });

  it("422: JSON-schema (Ajv) validation errors take the same shape", async () => {
    const res = await app.inject({ method: "POST", url: "/api/test/ajv", payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ["El campo correo electrónico es obligatorio."],
      max_capacity: ["El campo máxima capacidad no es válido."],
    });
  });

  it("500: unhandled_error without internals", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: "unhandled_error",
      description: "Ocurrió un error inesperado. Inténtelo de nuevo más tarde.",
    });
    expect(res.body).not.toMatch(/password_hash|select|stack/i);
  });

  it("500: a failing query leaks no SQL", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/missing-table" });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe("unhandled_error");
    expect(res.body).not.toMatch(/table_that_does_not_exist|select/i);
  });

  it("database refusals that escape a service: the constraint's code, or a generic 409", async () => {
    const mapped = await app.inject({ method: "POST", url: "/api/test/duplicate-code" });
    expect(mapped.statusCode).toBe(400);
    expect(mapped.json()).toEqual({
      message: "classroom_code_already_exists",
      description: "Ya existe un aula con ese código.",
    });
    const generic = await app.inject({ method: "POST", url: "/api/test/duplicate-hour" });
    expect(generic.statusCode).toBe(409);
    expect(generic.json().message).toBe("unable_to_create_or_modify_resource");
    expect(generic.body).not.toMatch(/insert|class_hours/i);
  });
});

describe("Spanish validation messages", () => {
  const post = (payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url: "/api/test/rules", payload });

  it("reports missing fields as required, with the labels of spec.md §5", async () => {
    const res = await post({});
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.email).toEqual(["El campo correo electrónico es obligatorio."]);
    expect(errors.password).toEqual(["El campo contraseña es obligatorio."]);
    expect(errors.start_date).toEqual(["El campo fecha de inicio es obligatorio."]);
    expect(errors.end_date).toEqual(["El campo fecha de cierre es obligatorio."]);
    expect(errors.max_capacity).toEqual(["El campo máxima capacidad es obligatorio."]);
    expect(errors.males_limit).toEqual(["El campo límite de varones es obligatorio."]);
    expect(errors.type).toEqual(["El campo tipo de pago es obligatorio."]);
    expect(errors.file).toEqual(["El campo archivo es obligatorio."]);
  });

  it("maps each rule to its message", async () => {
    const res = await post({
      email: "no-es-correo",
      password: "corta",
      password_confirmation: "otra",
      start_date: "2025-02-10",
      end_date: "2025-02-01",
      identity_document: "12345",
      max_capacity: 80,
      males_limit: 2.5,
      code: "abc",
      type: "3",
      file: { filename: "notas.pdf", mimetype: "application/pdf", size: 10 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ["El campo correo electrónico no es un correo válido."],
      password: ["El campo contraseña debe contener al menos 8 caracteres."],
      identity_document: ["El campo cédula debe tener 8 dígitos."],
      max_capacity: ["El campo máxima capacidad tiene que estar entre 1 y 50."],
      males_limit: ["El campo límite de varones debe ser un número entero."],
      code: ["El formato del campo código no es válido."],
      type: ["El valor seleccionado en el campo tipo de pago no es válido."],
      file: ["El campo archivo debe ser una imagen."],
    });
  });

  it("checks fields against each other once each is valid", async () => {
    const res = await post({
      email: "ana@example.com",
      password: "secreta123",
      password_confirmation: "secreta124",
      start_date: "2025-02-10",
      end_date: "2025-02-01",
      identity_document: "12345678",
      max_capacity: 10,
      males_limit: 2,
      code: "ABC",
      type: "1",
      file: { filename: "foto.png", mimetype: "image/png", size: 10 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      password: ["La confirmación de contraseña no coincide."],
      end_date: ["El campo fecha de cierre debe ser una fecha posterior a fecha de inicio."],
      start_date: ["El campo fecha de inicio debe ser una fecha anterior a fecha de cierre."],
    });
  });

  it("reports a bad date and a wrong type", async () => {
    const res = await app.inject({ method: "POST", url: "/api/test/echo", payload: { name: 5 } });
    expect(res.json().errors).toEqual({ name: ["El campo nombre debe ser una cadena de caracteres."] });
    const dates = await post({ start_date: "2025-02-30" });
    expect(dates.json().errors.start_date).toEqual(["El campo fecha de inicio debe ser una fecha válida."]);
  });

  it("validates the list query string", async () => {
    const ok = await app.inject({ method: "GET", url: "/api/test/list?search=%20hola%20&limit=0" });
    expect(ok.json()).toEqual({
      page: 1,
      limit: 0,
      search: "hola",
      sort_by: { field: "id", direction: "desc" },
      format: "json",
    });
    const bad = await app.inject({
      method: "GET",
      url: "/api/test/list?page=0&limit=500&sort_by=password,asc",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      page: ["El campo página debe ser al menos 1."],
      limit: ["El campo cantidad por página no debe ser mayor que 100."],
      sort_by: [
        "El campo ordenar por debe indicar un campo permitido (id, code) y, opcionalmente, la dirección asc o desc.",
      ],
    });
    const direction = await app.inject({ method: "GET", url: "/api/test/list?sort_by=code,up" });
    expect(direction.statusCode).toBe(422);
    const injected = await app.inject({
      method: "GET",
      url: "/api/test/list?sort_by=id;drop%20table%20users",
    });
    expect(injected.statusCode).toBe(422);
  });
});

describe("OpenAPI", () => {
  it("documents the classroom routes at /api/docs/json and serves the page", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/classrooms",
        "/api/classrooms/{id}",
        "/api/classrooms/{id}/schedules",
        "/api/classrooms/schedules-availability",
      ]),
    );
    expect(Object.keys(doc.paths["/api/classrooms"])).toEqual(expect.arrayContaining(["get", "post"]));
    const params = doc.paths["/api/classrooms"].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(["page", "limit", "search", "sort_by", "enabled"]));
    const page = await app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs)/);
  });
});

describe("authorized admin requests still validate", () => {
  it("422 on a classroom with a negative capacity", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/classrooms",
      headers: admin,
      payload: { code: "N-1", max_capacity: -3 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ max_capacity: ["El campo máxima capacidad debe ser al menos 1."] });
  });
});
