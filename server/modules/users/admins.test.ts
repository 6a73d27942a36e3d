import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { auditLog, users } from "../../db/schema/index.js";
import { readOutbox } from "../../mail/outbox.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

type Headers = { authorization: string };
type Account = Awaited<ReturnType<typeof createUserWithToken>>;

let ctx: TestContext;
let png: Buffer;
const as = {} as Record<"student" | "teacher" | "coordinator" | "lowAdmin" | "admin" | "god", Account>;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["student", "teacher", "coordinator", "lowAdmin", "admin", "god"] as const) {
    as[role] = await createUserWithToken(ctx, Role[role], { name: `Cuenta ${role}` });
  }
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#cc2244" } })
    .png()
    .toBuffer();
});
afterAll(() => ctx?.close());

const api = (method: "GET" | "POST" | "PATCH", url: string, headers: Headers | object, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart body of text fields and files, as the web app's FormData sends it. */
function multipart(parts: Part[]) {
  const boundary = "----aulaadmins9f8e7d6c";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("filename" in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from("\r\n"),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

let counter = 0;
const uniqueEmail = (prefix = "asistente") => `${prefix}${++counter}-${Date.now()}@colegio.test`;

/** POST /users as multipart: the fields (and a photo when given) as the create form sends them. */
function createForm(
  fields: Record<string, string>,
  headers: Headers = as.admin.headers,
  photo?: { data: Buffer; type?: string; filename?: string },
) {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (photo)
    parts.push({
      name: "profile_picture",
      filename: photo.filename ?? "foto.png",
      type: photo.type ?? "image/png",
      data: photo.data,
    });
  const mp = multipart(parts);
  return ctx.app.inject({
    method: "POST",
    url: "/api/users",
    payload: mp.payload,
    headers: { ...mp.headers, ...headers },
  });
}

async function mailsTo(email: string) {
  await ctx.app.mailer.idle();
  return (await readOutbox(ctx.outboxDir)).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
}

async function auditRows(userId: number) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "user"), eq(auditLog.entityId, userId)))
    .orderBy(asc(auditLog.id));
}

async function storedPictureKeys(userId: number) {
  const keys: string[] = [];
  for await (const file of ctx.app.storage.list(`profile-pictures/${userId}-`)) keys.push(file.key);
  return keys;
}

describe("administrators: creation", () => {
  it("creates an assistant by multipart with a photo, unconfirmed, audited, with the confirmation e-mail", async () => {
    const email = uniqueEmail();
    const res = await createForm({ name: "María Gómez", email, type: "4" }, as.admin.headers, { data: png });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      type: Role.lowAdmin,
      name: "María Gómez",
      email,
      disabled: false,
      confirmed: false,
    });
    expect(created.profile_picture).toMatch(new RegExp(`^/api/users/${created.id}/profile-picture\\?v=`));
    expect(await storedPictureKeys(created.id)).toHaveLength(1);
    const picture = await api("GET", `/users/${created.id}/profile-picture`, as.admin.headers);
    expect(picture.statusCode).toBe(200);
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ format: "webp", width: 40 });

    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe("Confirme su cuenta");
    expect(mail?.link).toBe(`${ctx.config.appUrl}/confirm-account?token=${mail?.token}`);

    const rows = await auditRows(created.id);
    expect(rows.map((r) => r.action)).toEqual(["user.created"]);
    expect(rows[0]).toMatchObject({
      actorUserId: as.admin.user.id,
      newValues: { type: Role.lowAdmin, name: "María Gómez", email, disabled: false },
    });

    // The link confirms the account; the new assistant logs in.
    const confirmed = await api(
      "POST",
      "/confirm-account",
      {},
      {
        token: mail!.token,
        password: "clave-nueva-2026",
        password_confirmation: "clave-nueva-2026",
      },
    );
    expect(confirmed.statusCode).toBe(200);
    expect((await api("POST", "/login", {}, { email, password: "clave-nueva-2026" })).statusCode).toBe(200);
  });

  it("creates an administrator without a photo (multipart or JSON); god may create one too", async () => {
    const email = uniqueEmail("admin");
    const res = await createForm({ name: "Pedro Pérez", email, type: "5" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ type: Role.admin, profile_picture: null });
    const json = await api("POST", "/users", as.god.headers, {
      name: "Luisa Díaz",
      email: uniqueEmail("json"),
      type: 4,
    });
    expect(json.statusCode, json.body).toBe(201);
    expect(json.json().data.type).toBe(Role.lowAdmin);
  });

  it("refuses a duplicate e-mail, ignoring case, with a Spanish 422 and nothing written", async () => {
    const email = uniqueEmail("dup");
    expect((await createForm({ name: "Uno", email, type: "4" })).statusCode).toBe(201);
    const before = (await ctx.db.select({ id: users.id }).from(users)).length;
    const dup = await createForm({ name: "Dos", email: email.toUpperCase(), type: "5" });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toMatchObject({
      message: "validation_failed",
      errors: { email: ["El valor del campo correo electrónico ya está en uso."] },
    });
    expect((await ctx.db.select({ id: users.id }).from(users)).length).toBe(before);
    expect(await mailsTo(email.toUpperCase())).toHaveLength(1);
  });

  it("refuses a photo that is not an image and any other role than 4 or 5, in Spanish, writing nothing", async () => {
    const email = uniqueEmail("bad");
    const notImage = await createForm({ name: "Foto Mala", email, type: "4" }, as.admin.headers, {
      data: Buffer.from("<html><script>alert(1)</script></html>"),
      filename: "foto.png",
    });
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors.profile_picture[0]).toMatch(/^El campo foto de perfil/);
    const fakeWebp = Buffer.alloc(32, 0);
    fakeWebp.write("RIFF", 0, "latin1");
    fakeWebp.writeUInt32LE(24, 4);
    fakeWebp.write("WEBP", 8, "latin1");
    const broken = await createForm({ name: "Foto Rota", email, type: "4" }, as.admin.headers, {
      data: fakeWebp,
      type: "image/webp",
      filename: "foto.webp",
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual({
      profile_picture: ["El campo foto de perfil debe ser una imagen."],
    });

    for (const type of ["6", "2", "x", ""]) {
      const res = await createForm({ name: "Rol Malo", email, type });
      expect(res.statusCode, type).toBe(422);
      expect(res.json().errors.type[0], type).toMatch(
        /^(El campo rol es obligatorio|El valor seleccionado en el campo rol no es válido)\.$/,
      );
    }
    const missing = await createForm({ type: "4" });
    expect(missing.json().errors).toMatchObject({
      name: ["El campo nombre es obligatorio."],
      email: ["El campo correo electrónico es obligatorio."],
    });
    const stray = await createForm({ name: "A", email, type: "4", password: "x" });
    expect(stray.statusCode).toBe(422);
    expect(stray.json().errors.password).toBeDefined();
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it("lets only administrators (and god) create accounts", async () => {
    for (const role of ["student", "teacher", "coordinator", "lowAdmin"] as const) {
      const res = await createForm({ name: "X", email: uniqueEmail(role), type: "4" }, as[role].headers);
      expect(res.statusCode, role).toBe(403);
    }
    expect((await api("POST", "/users", {}, { name: "X", email: uniqueEmail(), type: 4 })).statusCode).toBe(
      401,
    );
  });
});

describe("administrators: list", () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (const [name, type] of [
      ["Ángela Núñez", "4"],
      ["angel ortiz", "5"],
      ["Bruno Salas", "4"],
    ] as const) {
      const res = await createForm({ name, email: uniqueEmail("lista"), type });
      ids.push(res.json().data.id);
    }
    await api("PATCH", `/users/${ids[2]}/enabled`, as.admin.headers, { enabled: false });
  });

  it("lists assistants, administrators and god (no students or teachers), searched without accents or case", async () => {
    const all = await api("GET", "/users?limit=0", as.admin.headers);
    expect(all.statusCode).toBe(200);
    const types = new Set(all.json().data.map((u: { type: number }) => u.type));
    expect([...types].sort()).toEqual([Role.lowAdmin, Role.admin, Role.god]);

    const found = await api("GET", "/users?search=ANGEL", as.admin.headers);
    expect(
      found
        .json()
        .data.map((u: { name: string }) => u.name)
        .sort(),
    ).toEqual(["angel ortiz", "Ángela Núñez"]);
    const accented = await api("GET", "/users?search=%C3%A1ngela%20n%C3%BA", as.admin.headers);
    expect(accented.json().data.map((u: { name: string }) => u.name)).toEqual(["Ángela Núñez"]);
    expect(found.json().meta).toMatchObject({ total: 2, current_page: 1 });
    const byEmail = await api("GET", "/users?search=lista", as.admin.headers);
    expect(byEmail.json().meta.total).toBe(3);
  });

  it("filters by role and state, sorts and pages", async () => {
    const assistants = await api("GET", "/users?type=4&search=lista", as.admin.headers);
    expect(
      assistants
        .json()
        .data.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([ids[0], ids[2]].sort());
    const inactive = await api("GET", "/users?enabled=0&search=lista", as.admin.headers);
    expect(inactive.json().data.map((u: { id: number }) => u.id)).toEqual([ids[2]]);
    const active = await api("GET", "/users?enabled=1&search=lista", as.admin.headers);
    expect(
      active
        .json()
        .data.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([ids[0], ids[1]].sort());
    // Role descending, then by id: the administrator first, then the assistants in creation order.
    const sorted = await api("GET", "/users?search=lista&sort_by=type,desc", as.admin.headers);
    expect(sorted.json().data.map((u: { id: number }) => u.id)).toEqual([ids[1], ids[0], ids[2]]);
    const paged = await api("GET", "/users?search=lista&limit=2&page=2&sort_by=type,desc", as.admin.headers);
    expect(paged.json().data.map((u: { id: number }) => u.id)).toEqual([ids[2]]);
    expect(paged.json().meta).toMatchObject({ total: 3, per_page: 2, current_page: 2, last_page: 2 });
    expect((await api("GET", "/users?type=2", as.admin.headers)).statusCode).toBe(422);
    expect((await api("GET", "/users?sort_by=password_hash", as.admin.headers)).statusCode).toBe(422);
  });

  it("exports the same list as CSV with Spanish headers", async () => {
    const res = await api("GET", "/users?format=csv&search=lista&sort_by=type,desc", as.admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/filename="administradores-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("Nombre,Correo electrónico,Rol,Estado,Cuenta confirmada,Fecha de creación");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^angel ortiz,lista.*,Administrador,Activo,No,/);
    expect(lines[2]).toMatch(/^Ángela Núñez,lista.*,Asistente,Activo,No,/);
    expect(lines[3]).toMatch(/^Bruno Salas,lista.*,Asistente,Inactivo,No,/);
  });

  it("is for administrators only", async () => {
    for (const role of ["student", "teacher", "coordinator", "lowAdmin"] as const)
      expect((await api("GET", "/users", as[role].headers)).statusCode, role).toBe(403);
    expect((await api("GET", "/users", as.god.headers)).statusCode).toBe(200);
    expect((await api("GET", "/users", {})).statusCode).toBe(401);
  });
});

describe("administrators: update", () => {
  async function newAccount(type: 4 | 5 = 4) {
    const res = await createForm({ name: "Cuenta Editable", email: uniqueEmail("edit"), type: String(type) });
    return res.json().data as { id: number; email: string };
  }

  it("an administrator changes name, e-mail and role in one call, each change audited", async () => {
    const account = await newAccount(4);
    const email = uniqueEmail("nuevo");
    const res = await api("PATCH", `/users/${account.id}`, as.admin.headers, {
      name: "Nombre Nuevo",
      email,
      type: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: "Nombre Nuevo", email, type: Role.admin });
    const rows = await auditRows(account.id);
    expect(rows.map((r) => [r.action, r.oldValues, r.newValues])).toEqual([
      ["user.created", null, expect.any(Object)],
      ["user.email_changed", { email: account.email }, { email }],
      ["user.role_changed", { type: 4 }, { type: 5 }],
      ["user.updated", { name: "Cuenta Editable" }, { name: "Nombre Nuevo" }],
    ]);
    // Unchanged values change nothing and record nothing.
    await api("PATCH", `/users/${account.id}`, as.admin.headers, { name: "Nombre Nuevo", email, type: 5 });
    expect(await auditRows(account.id)).toHaveLength(4);
  });

  it("refuses an e-mail another account has (any case) and roles other than 4 or 5", async () => {
    const account = await newAccount();
    const taken = await api("PATCH", `/users/${account.id}`, as.admin.headers, {
      name: "X",
      email: as.teacher.user.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ["El valor del campo correo electrónico ya está en uso."] });
    for (const type of [6, 1, 3]) {
      const res = await api("PATCH", `/users/${account.id}`, as.admin.headers, { name: "X", type });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.type).toEqual(["El valor seleccionado en el campo rol no es válido."]);
    }
  });

  it("an administrator cannot demote themself nor change their own e-mail here", async () => {
    const me = as.admin;
    const demote = await api("PATCH", `/users/${me.user.id}`, me.headers, { name: me.user.name, type: 4 });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors).toEqual({ type: ["No puede cambiar su propio rol."] });
    const email = await api("PATCH", `/users/${me.user.id}`, me.headers, {
      name: me.user.name,
      email: uniqueEmail("yo"),
    });
    expect(email.statusCode).toBe(422);
    expect(email.json().errors.email[0]).toContain("Perfil");
    const [row] = await ctx.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ type: Role.admin, email: me.user.email });
    // Their own name, with the unchanged role and e-mail the edit form sends: fine.
    const ok = await api("PATCH", `/users/${me.user.id}`, me.headers, {
      name: me.user.name,
      email: me.user.email,
      type: 5,
    });
    expect(ok.statusCode).toBe(200);
  });

  it("an assistant changes only their own name; god's account only god changes", async () => {
    const account = await newAccount(5);
    const own = await api("PATCH", `/users/${as.lowAdmin.user.id}`, as.lowAdmin.headers, {
      name: "Asistente Renombrada",
    });
    expect(own.statusCode).toBe(200);
    expect(
      (await api("PATCH", `/users/${as.lowAdmin.user.id}`, as.lowAdmin.headers, { name: "X", type: 5 }))
        .statusCode,
    ).toBe(403);
    expect((await api("PATCH", `/users/${account.id}`, as.lowAdmin.headers, { name: "X" })).statusCode).toBe(
      403,
    );
    for (const role of ["student", "teacher", "coordinator"] as const)
      expect((await api("PATCH", `/users/${account.id}`, as[role].headers, { name: "X" })).statusCode).toBe(
        403,
      );
    expect((await api("PATCH", `/users/${as.god.user.id}`, as.admin.headers, { name: "X" })).statusCode).toBe(
      403,
    );
    expect(
      (await api("PATCH", `/users/${account.id}`, as.god.headers, { name: "Por God", type: 4 })).json().data,
    ).toMatchObject({ name: "Por God", type: 4 });
  });

  it("the detail is GET /users/{id}, for the administration", async () => {
    const account = await newAccount();
    const res = await api("GET", `/users/${account.id}`, as.admin.headers);
    expect(res.json().data).toMatchObject({ id: account.id, confirmed: false, disabled: false });
    expect((await api("GET", `/users/${account.id}`, as.teacher.headers)).statusCode).toBe(403);
  });
});

describe("administrators: enable and disable", () => {
  it("a disabled account cannot log in and its sessions end; enabled again, it logs in", async () => {
    const person = await createUserWithToken(ctx, Role.lowAdmin, { password: "clave-asistente-1" });
    const login = () =>
      api("POST", "/login", {}, { email: person.user.email, password: "clave-asistente-1" });
    const session = (await login()).json().access_token as string;
    const bearer = { authorization: `Bearer ${session}` };
    expect((await api("GET", "/users/me", bearer)).statusCode).toBe(200);

    const off = await api("PATCH", `/users/${person.user.id}/enabled`, as.admin.headers, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.disabled).toBe(true);
    const refused = await login();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: "user_is_disabled" });
    expect((await api("GET", "/users/me", bearer)).statusCode).toBe(401);
    expect((await api("GET", "/users/me", person.headers)).statusCode).toBe(401);

    // Multipart-style 1/0 works too.
    const on = await api("PATCH", `/users/${person.user.id}/enabled`, as.admin.headers, { enabled: "1" });
    expect(on.json().data.disabled).toBe(false);
    expect((await login()).statusCode).toBe(200);
    // The session ended by the disabling stays ended.
    expect((await api("GET", "/users/me", bearer)).statusCode).toBe(401);

    // The account's own logins are in the log too (auth.*); the state changes are the user.* rows.
    const stateChanges = async () =>
      (await auditRows(person.user.id)).filter((r) => r.action.startsWith("user."));
    expect((await stateChanges()).map((r) => [r.action, r.actorUserId])).toEqual([
      ["user.disabled", as.admin.user.id],
      ["user.enabled", as.admin.user.id],
    ]);
    // Setting the state it already has records nothing.
    await api("PATCH", `/users/${person.user.id}/enabled`, as.admin.headers, { enabled: true });
    expect(await stateChanges()).toHaveLength(2);
  });

  it("nobody disables themself; god is disabled only by god; only administrators may", async () => {
    const self = await api("PATCH", `/users/${as.admin.user.id}/enabled`, as.admin.headers, {
      enabled: false,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({
      message: "cannot_disable_own_account",
      description: "No puede deshabilitar su propia cuenta.",
    });
    expect(
      (await api("PATCH", `/users/${as.god.user.id}/enabled`, as.admin.headers, { enabled: false }))
        .statusCode,
    ).toBe(403);
    const target = await createUserWithToken(ctx, Role.admin);
    for (const role of ["student", "teacher", "coordinator", "lowAdmin"] as const)
      expect(
        (await api("PATCH", `/users/${target.user.id}/enabled`, as[role].headers, { enabled: false }))
          .statusCode,
      ).toBe(403);
    expect(
      (await api("PATCH", `/users/${target.user.id}/enabled`, as.admin.headers, { enabled: "x" })).statusCode,
    ).toBe(422);
    expect(
      (await api("PATCH", "/users/999999/enabled", as.admin.headers, { enabled: false })).statusCode,
    ).toBe(404);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, as.admin.user.id));
    expect(row!.disabled).toBe(false);
  });

  it("resends the confirmation e-mail of an unconfirmed account", async () => {
    const res = await api("POST", "/users", as.admin.headers, {
      name: "Reenvío",
      email: uniqueEmail("re"),
      type: 4,
    });
    const { id, email } = res.json().data;
    const sent = await api("POST", `/users/${id}/send-account-confirm`, as.admin.headers);
    expect(sent.statusCode).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.token).not.toBe(mails[1]!.token);
  });
});
