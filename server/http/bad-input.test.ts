import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";

/**
 * Malformed input never reaches a 500 nor a misleading code: each answers its status in the error shape
 * `{ message, description (Spanish), errors? }` (ARCHITECTURE.md, "HTTP contract").
 */
let ctx: TestContext;
let headers: Record<string, string>;
let userId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUserWithToken(ctx, Role.admin, { password: "clave-admin-1" });
  headers = admin.headers;
  userId = admin.user.id;
});
afterAll(() => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: "GET", url, headers });
const post = (url: string, payload: object) => ctx.app.inject({ method: "POST", url, headers, payload });

const notFound = { message: "resource_not_found", description: "El recurso solicitado no existe." };
const validation = (errors: Record<string, string[]>) => ({
  message: "validation_failed",
  description: "Por favor verifique la información ingresada",
  errors,
});

async function createClassroom(code: string) {
  const res = await post("/api/classrooms", { code, max_capacity: 30 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; code: string };
}

describe("ids in the URL", () => {
  it("an id past the integer range is a record that does not exist: 404", async () => {
    for (const url of [
      "/api/classrooms/99999999999",
      "/api/classrooms/2147483648",
      "/api/classrooms/99999999999/schedules",
      "/api/users/99999999999",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual(notFound);
    }
    const del = await ctx.app.inject({ method: "DELETE", url: "/api/classrooms/99999999999", headers });
    expect(del.statusCode).toBe(404);
  });

  it("ids written another way (hex, exponent, decimals, sign, spaces, zeros) are refused, never read as the id", async () => {
    const room = await createClassroom("ID-ESTRICTO");
    expect((await get(`/api/classrooms/${room.id}`)).statusCode).toBe(200);
    const format = validation({ id: ["El formato del campo identificador no es válido."] });
    for (const id of [
      `0x${room.id.toString(16)}`,
      `${room.id}e0`,
      `${room.id}.0`,
      `%20${room.id}`,
      `+${room.id}`,
      `0${room.id}`,
    ]) {
      const res = await get(`/api/classrooms/${id}`);
      expect(res.statusCode, id).toBe(422);
      expect(res.json(), id).toEqual(format);
    }
    expect((await get("/api/classrooms/1e3")).json()).toEqual(format);
    expect((await get("/api/classrooms/0x0f")).json()).toEqual(format);
    expect((await get("/api/classrooms/0")).json()).toEqual(
      validation({ id: ["El campo identificador debe ser al menos 1."] }),
    );
    expect((await get("/api/classrooms/abc")).json()).toEqual(
      validation({ id: ["El campo identificador debe ser numérico."] }),
    );
    expect((await get(`/api/users/${userId}.0`)).statusCode).toBe(422);
  });
});

describe("query strings", () => {
  it("a filter past the integer range is a 422 on the filter, not a database error", async () => {
    const res = await get("/api/classrooms?min_capacity=2147483648");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(
      validation({ min_capacity: ["El campo capacidad mínima no debe ser mayor que 2147483647."] }),
    );
    expect((await get("/api/classrooms?page=99999999999")).statusCode).toBe(422);
    const ids = await get("/api/classrooms/schedules-availability?class_hours_ids=1,99999999999");
    expect(ids.statusCode).toBe(422);
    expect(ids.json().errors).toHaveProperty(["class_hours_ids.1"]);
    const period = await get("/api/classrooms/schedules-availability?period_id=99999999999");
    expect(period.statusCode).toBe(422);
  });

  it("a NUL character in a search is a 422 on the search", async () => {
    const res = await get("/api/classrooms?search=%00");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(validation({ search: ["El formato del campo búsqueda no es válido."] }));
    expect((await get("/api/classrooms?search=aula%00x")).statusCode).toBe(422);
  });
});

describe("bodies", () => {
  it("a NUL character in the login e-mail or password is a 422, never a 400 or 500", async () => {
    const email = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "admin\u0000@colegio.test", password: "clave-admin-1" },
    });
    expect(email.statusCode).toBe(422);
    expect(email.json()).toEqual(
      validation({ email: ["El formato del campo correo electrónico no es válido."] }),
    );
    const password = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "admin@colegio.test", password: "clave\u0000" },
    });
    expect(password.statusCode).toBe(422);
    expect(password.json().errors).toHaveProperty("password");
  });

  it("a NUL character in a written field is a 422 on that field", async () => {
    const res = await post("/api/classrooms", { code: "A\u0000B", max_capacity: 10 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(validation({ code: ["El formato del campo código no es válido."] }));
  });
});

describe("classroom codes are unique whatever their case", () => {
  it('"MAGNA" and "magna" are the same classroom: 422 on code', async () => {
    const magna = await createClassroom("MAGNA");
    const duplicate = await post("/api/classrooms", { code: "magna", max_capacity: 10 });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual(validation({ code: ["El valor del campo código ya está en uso."] }));
    const other = await createClassroom("Aula-2");
    const renamed = await ctx.app.inject({
      method: "PATCH",
      url: `/api/classrooms/${other.id}`,
      headers,
      payload: { code: "Magna" },
    });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({ code: ["El valor del campo código ya está en uso."] });
    // Its own code in another case is a change of spelling, not a duplicate.
    const respelled = await ctx.app.inject({
      method: "PATCH",
      url: `/api/classrooms/${magna.id}`,
      headers,
      payload: { code: "Magna" },
    });
    expect(respelled.statusCode).toBe(200);
    expect(respelled.json().data.code).toBe("Magna");
  });
});

describe("malformed multipart", () => {
  const upload = (contentType: string, payload: string) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/users/${userId}/profile-picture`,
      headers: { ...headers, "content-type": contentType },
      payload,
    });
  const malformed = {
    message: "invalid_multipart_body",
    description: "El formulario enviado no es válido o llegó incompleto.",
  };

  it("without a boundary: 400 in the error shape", async () => {
    const res = await upload("multipart/form-data", "abc");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(malformed);
  });

  it("cut short inside the file: 400 in the error shape", async () => {
    const res = await upload(
      "multipart/form-data; boundary=XX",
      '--XX\r\nContent-Disposition: form-data; name="profile_picture"; filename="a.png"\r\n' +
        "Content-Type: image/png\r\n\r\n\x89PNG",
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(malformed);
  });

  it("with no part at all: 422, the picture is required", async () => {
    const res = await upload("multipart/form-data; boundary=XX", "--XX--\r\n");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ profile_picture: ["El campo foto de perfil es obligatorio."] });
  });
});

describe("requests refused before routing", () => {
  it("a URL that cannot be decoded answers 400 in the error shape", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/%zz", headers });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: "bad_url", description: "La dirección solicitada no es válida." });
  });

  it("headers over Node's size limit answer 431 in the error shape", async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = ctx.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      const chunks: Buffer[] = [];
      socket.on("data", (c) => chunks.push(c));
      socket.on("error", reject);
      socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
      socket.write(
        `GET /api/users/me HTTP/1.1\r\nHost: localhost\r\nX-Relleno: ${"a".repeat(20_000)}\r\n\r\n`,
      );
    });
    const [head = "", body = ""] = raw.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(JSON.parse(body)).toEqual({
      message: "request_header_fields_too_large",
      description: "Los encabezados de la solicitud son demasiado grandes.",
    });
  });
});
