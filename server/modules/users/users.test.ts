import { mkdirSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { buildApp } from "../../app.js";
import { users } from "../../db/schema/index.js";
import { DatabaseStorage } from "../../storage/database.js";
import { FolderStorage } from "../../storage/folder.js";
import type { FileStorage } from "../../storage/types.js";
import { createUserWithToken, olderTokenHeaders } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

const password = "clave-actual-1";
/** A real picture of `width` × `height` in `format`, made with sharp. */
const picture = (format: "png" | "jpeg" | "webp", width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .toFormat(format)
    .toBuffer();
let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  png = await picture("png");
  jpeg = await picture("jpeg");
});

/** Keys of the profile pictures the app's storage holds (of one user when given). */
async function storedPictures(ctx: TestContext, userId?: number): Promise<string[]> {
  const keys: string[] = [];
  const prefix = userId === undefined ? "profile-pictures/" : `profile-pictures/${userId}-`;
  for await (const file of ctx.app.storage.list(prefix)) keys.push(file.key);
  return keys;
}

/**
 * A storage over the same place as the app's whose writes fail, as on a full disk: the folder's file
 * writes end in ENOSPC; the database refuses every chunk row. `restore` undoes the database's refusal.
 */
async function fullStorage(ctx: TestContext): Promise<{ storage: FileStorage; restore(): Promise<void> }> {
  if (ctx.app.storage.kind === "folder") {
    const { Writable } = await import("node:stream");
    const failing = () =>
      new Writable({
        write(_chunk, _enc, done) {
          done(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }));
        },
      });
    return {
      storage: new FolderStorage(ctx.config.storageDir, { createWriteStream: failing as never }),
      restore: async () => {},
    };
  }
  await ctx.db.execute(sql`alter table stored_file_chunks add constraint test_full check (n < 0) not valid`);
  return {
    storage: new DatabaseStorage(ctx.db),
    restore: async () => {
      await ctx.db.execute(sql`alter table stored_file_chunks drop constraint test_full`);
    },
  };
}

function multipart(file: { name?: string; filename: string; type: string; data: Buffer }) {
  const boundary = "----aulatest7MA4YWxkTrZu0gW";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? "profile_picture"}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file.data, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe("users: e-mail, password, profile and picture", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const inject = (
    method: "GET" | "PATCH" | "POST" | "DELETE",
    url: string,
    headers: object,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: headers as Record<string, string>, payload });
  const login = (email: string, pw: string) =>
    ctx.app.inject({ method: "POST", url: "/api/login", payload: { email, password: pw } });

  describe("PATCH /api/users/:id/email", () => {
    it("lets a person change their own e-mail with their password", async () => {
      const me = await createUserWithToken(ctx, Role.teacher, { email: "antes@colegio.test", password });
      const res = await inject("PATCH", `/api/users/${me.user.id}/email`, me.headers, {
        email: "despues@colegio.test",
        password,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: me.user.id, email: "despues@colegio.test" });
      expect(res.json().data.password_hash).toBeUndefined();
      expect((await login("despues@colegio.test", password)).statusCode).toBe(200);
      expect((await login("antes@colegio.test", password)).statusCode).toBe(401);
    });

    it("refuses the same e-mail, a taken one, a wrong or missing password and bad formats", async () => {
      const me = await createUserWithToken(ctx, Role.student, { email: "propio@colegio.test", password });
      await createUserWithToken(ctx, Role.student, { email: "ocupado@colegio.test" });
      const url = `/api/users/${me.user.id}/email`;
      const same = await inject("PATCH", url, me.headers, { email: "PROPIO@colegio.test", password });
      expect(same.statusCode).toBe(400);
      expect(same.json().message).toBe("new_email_equals_current");
      const taken = await inject("PATCH", url, me.headers, { email: "Ocupado@Colegio.test", password });
      expect(taken.statusCode).toBe(422);
      expect(taken.json()).toMatchObject({
        message: "email_already_taken",
        errors: { email: [expect.any(String)] },
      });
      const wrong = await inject("PATCH", url, me.headers, {
        email: "libre@colegio.test",
        password: "mala-clave",
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe("invalid_password");
      const missing = await inject("PATCH", url, me.headers, { email: "libre@colegio.test" });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.password).toBeDefined();
      const bad = await inject("PATCH", url, me.headers, { email: "no-es-correo", password });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.email).toBeDefined();
    });

    it("lets an admin change another person's e-mail without a password; others get 403", async () => {
      const admin = await createUserWithToken(ctx, Role.admin);
      const god = await createUserWithToken(ctx, Role.god);
      const student = await createUserWithToken(ctx, Role.student, { email: "est@colegio.test" });
      const teacher = await createUserWithToken(ctx, Role.teacher);
      const lowAdmin = await createUserWithToken(ctx, Role.lowAdmin);
      const url = `/api/users/${student.user.id}/email`;
      expect((await inject("PATCH", url, teacher.headers, { email: "x1@colegio.test" })).statusCode).toBe(
        403,
      );
      expect((await inject("PATCH", url, lowAdmin.headers, { email: "x1@colegio.test" })).statusCode).toBe(
        403,
      );
      const ok = await inject("PATCH", url, admin.headers, { email: "est2@colegio.test" });
      expect(ok.statusCode).toBe(200);
      expect((await inject("PATCH", url, god.headers, { email: "est3@colegio.test" })).statusCode).toBe(200);
      // An admin does not manage god's account.
      const godUrl = `/api/users/${god.user.id}/email`;
      expect((await inject("PATCH", godUrl, admin.headers, { email: "dios@colegio.test" })).statusCode).toBe(
        403,
      );
      expect(
        (await inject("PATCH", "/api/users/999999/email", admin.headers, { email: "a@b.co" })).statusCode,
      ).toBe(404);
    });
  });

  describe("PATCH /api/users/:id/password", () => {
    it("changes one's own password given the current one", async () => {
      const me = await createUserWithToken(ctx, Role.coordinator, { email: "clave@colegio.test", password });
      const url = `/api/users/${me.user.id}/password`;
      const wrong = await inject("PATCH", url, me.headers, {
        current_password: "no-es",
        password: "nueva-clave-1",
        password_confirmation: "nueva-clave-1",
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe("invalid_password");
      const missing = await inject("PATCH", url, me.headers, {
        password: "nueva-clave-1",
        password_confirmation: "nueva-clave-1",
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.current_password).toBeDefined();
      const mismatch = await inject("PATCH", url, me.headers, {
        current_password: password,
        password: "nueva-clave-1",
        password_confirmation: "nueva-clave-2",
      });
      expect(mismatch.statusCode).toBe(422);
      const short = await inject("PATCH", url, me.headers, {
        current_password: password,
        password: "corta",
        password_confirmation: "corta",
      });
      expect(short.statusCode).toBe(422);
      expect(short.json().errors.password).toBeDefined();
      const ok = await inject("PATCH", url, me.headers, {
        current_password: password,
        password: "nueva-clave-1",
        password_confirmation: "nueva-clave-1",
      });
      expect(ok.statusCode).toBe(200);
      expect((await login("clave@colegio.test", "nueva-clave-1")).statusCode).toBe(200);
      expect((await login("clave@colegio.test", password)).statusCode).toBe(401);
    });

    it("ends the older sessions of the account and hands the person a fresh token", async () => {
      const me = await createUserWithToken(ctx, Role.teacher, { email: "sesiones@colegio.test", password });
      const thisDevice = await olderTokenHeaders(ctx, me.user.id);
      const otherDevice = await olderTokenHeaders(ctx, me.user.id);
      const res = await inject("PATCH", `/api/users/${me.user.id}/password`, thisDevice, {
        current_password: password,
        password: "nueva-clave-2",
        password_confirmation: "nueva-clave-2",
      });
      expect(res.statusCode).toBe(200);
      const fresh = String(res.headers.authorization);
      expect(fresh).toMatch(/^Bearer \S+$/);
      expect(res.headers["x-token-expires-at"]).toBeDefined();

      const stale = await inject("GET", "/api/users/me", otherDevice);
      expect(stale.statusCode).toBe(401);
      expect(stale.json().message).toBe("token_invalid");
      expect((await inject("GET", "/api/users/me", thisDevice)).statusCode).toBe(401);
      expect((await inject("GET", "/api/users/me", { authorization: fresh })).statusCode).toBe(200);
    });

    it("an admin's reset ends the person's sessions but not the admin's", async () => {
      const admin = await createUserWithToken(ctx, Role.admin);
      const other = await createUserWithToken(ctx, Role.student, { email: "fuera@colegio.test", password });
      const othersSession = await olderTokenHeaders(ctx, other.user.id);
      const res = await inject("PATCH", `/api/users/${other.user.id}/password`, admin.headers, {
        password: "puesta-por-admin-2",
        password_confirmation: "puesta-por-admin-2",
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers.authorization).toBeUndefined();
      expect((await inject("GET", "/api/users/me", othersSession)).statusCode).toBe(401);
      expect((await inject("GET", "/api/users/me", admin.headers)).statusCode).toBe(200);
    });

    it("limits wrong current passwords per account (a stolen session cannot guess it); right ones cost nothing", async () => {
      const me = await createUserWithToken(ctx, Role.student, { email: "adivina@colegio.test", password });
      const url = `/api/users/${me.user.id}/password`;
      const attempt = (current: string) =>
        inject("PATCH", url, me.headers, {
          current_password: current,
          password: "nueva-clave-9",
          password_confirmation: "nueva-clave-9",
        });
      // The right password (followed by a failed change for another reason) is not counted.
      for (let i = 0; i < 3; i++) {
        const mismatch = await inject("PATCH", `/api/users/${me.user.id}/email`, me.headers, {
          email: "adivina@colegio.test",
          password,
        });
        expect(mismatch.json().message).toBe("new_email_equals_current");
      }
      for (let i = 0; i < 10; i++)
        expect((await attempt(`mala-${i}`)).json().message).toBe("invalid_password");
      const limited = await attempt("mala-10");
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ message: "too_many_requests" });
      expect(limited.json().description).toMatch(/^Demasiados intentos/);
      // Blocked for the e-mail change too, even with the right password, until the block ends.
      const email = await inject("PATCH", `/api/users/${me.user.id}/email`, me.headers, {
        email: "otra@colegio.test",
        password,
      });
      expect(email.statusCode).toBe(429);
      // The owner still logs in (the limit is on changing, not on the account).
      expect((await login("adivina@colegio.test", password)).statusCode).toBe(200);
    });

    it("lets an admin set another person's password without the current one", async () => {
      const admin = await createUserWithToken(ctx, Role.admin);
      const other = await createUserWithToken(ctx, Role.student, { email: "reset@colegio.test", password });
      const peer = await createUserWithToken(ctx, Role.student);
      const body = { password: "puesta-por-admin", password_confirmation: "puesta-por-admin" };
      const url = `/api/users/${other.user.id}/password`;
      expect((await inject("PATCH", url, peer.headers, body)).statusCode).toBe(403);
      expect((await inject("PATCH", url, admin.headers, body)).statusCode).toBe(200);
      expect((await login("reset@colegio.test", "puesta-por-admin")).statusCode).toBe(200);
    });
  });

  describe("profile", () => {
    it("GET /api/users/me answers the session user", async () => {
      const me = await createUserWithToken(ctx, Role.lowAdmin, { name: "Asistente Uno" });
      const res = await inject("GET", "/api/users/me", me.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: me.user.id,
        type: Role.lowAdmin,
        name: "Asistente Uno",
        student: null,
        teacher: null,
      });
      expect(res.json().data.permissions["classrooms.read"]).toBe(true);
      expect(res.json().data.permissions["classrooms.write"]).toBe(false);
    });

    it("PATCH /api/users/:id updates an administrator's name; others are refused", async () => {
      const admin = await createUserWithToken(ctx, Role.admin);
      const lowAdmin = await createUserWithToken(ctx, Role.lowAdmin);
      const teacher = await createUserWithToken(ctx, Role.teacher);
      const own = await inject("PATCH", `/api/users/${lowAdmin.user.id}`, lowAdmin.headers, {
        name: "Nuevo Nombre",
      });
      expect(own.statusCode).toBe(200);
      expect(own.json().data.name).toBe("Nuevo Nombre");
      expect(
        (await inject("PATCH", `/api/users/${admin.user.id}`, lowAdmin.headers, { name: "X" })).statusCode,
      ).toBe(403);
      expect(
        (await inject("PATCH", `/api/users/${lowAdmin.user.id}`, admin.headers, { name: "Otro" })).statusCode,
      ).toBe(200);
      // Teachers update their profile through the teachers resource.
      expect(
        (await inject("PATCH", `/api/users/${teacher.user.id}`, teacher.headers, { name: "X" })).statusCode,
      ).toBe(403);
      const viaAdmin = await inject("PATCH", `/api/users/${teacher.user.id}`, admin.headers, { name: "X" });
      expect(viaAdmin.statusCode).toBe(400);
      expect(viaAdmin.json().message).toBe("unhandled_update_for_user_type");
      expect(
        (await inject("PATCH", `/api/users/${admin.user.id}`, admin.headers, { name: "" })).statusCode,
      ).toBe(422);
    });
  });

  describe("GET /api/users/:id", () => {
    it("the assistant reads students', teachers' and coordinators' accounts, never an administrator's (issue 26)", async () => {
      const assistant = await createUserWithToken(ctx, Role.lowAdmin);
      const view = (id: number, headers: object) => inject("GET", `/api/users/${id}`, headers);
      for (const role of [Role.admin, Role.god, Role.lowAdmin]) {
        const other = await createUserWithToken(ctx, role);
        const res = await view(other.user.id, assistant.headers);
        expect(res.statusCode, `role ${role}`).toBe(403);
        expect(res.json().message).toBe("this_action_is_unauthorized");
        expect(res.json().description).toMatch(/permiso/);
      }
      for (const role of [Role.student, Role.teacher, Role.coordinator]) {
        const other = await createUserWithToken(ctx, role);
        expect((await view(other.user.id, assistant.headers)).statusCode, `role ${role}`).toBe(200);
      }
      // Their own account, and an administrator reads everyone's.
      expect((await view(assistant.user.id, assistant.headers)).statusCode).toBe(200);
      const admin = await createUserWithToken(ctx, Role.admin);
      expect((await view(assistant.user.id, admin.headers)).statusCode).toBe(200);
      const otherAdmin = await createUserWithToken(ctx, Role.admin);
      expect((await view(otherAdmin.user.id, admin.headers)).statusCode).toBe(200);
      // A teacher reads only their own.
      const teacher = await createUserWithToken(ctx, Role.teacher);
      expect((await view(assistant.user.id, teacher.headers)).statusCode).toBe(403);
    });
  });

  describe("profile picture", () => {
    it("stores, serves (only with a session), replaces and removes a picture", async () => {
      const me = await createUserWithToken(ctx, Role.student);
      const other = await createUserWithToken(ctx, Role.teacher);
      const url = `/api/users/${me.user.id}/profile-picture`;
      const first = multipart({ filename: "yo.png", type: "image/png", data: png });
      const up = await ctx.app.inject({
        method: "POST",
        url,
        payload: first.payload,
        headers: { ...first.headers, ...me.headers },
      });
      expect(up.statusCode).toBe(200);
      const pictureUrl = up.json().data.profile_picture as string;
      expect(pictureUrl).toMatch(new RegExp(`^/api/users/${me.user.id}/profile-picture\\?v=[0-9a-f]+$`));
      expect(await storedPictures(ctx, me.user.id)).toHaveLength(1);

      expect((await ctx.app.inject({ method: "GET", url: pictureUrl })).statusCode).toBe(401);
      const seen = await inject("GET", pictureUrl, other.headers);
      expect(seen.statusCode).toBe(200);
      // Stored decoded and re-encoded: a WebP of the same picture, not the uploaded bytes.
      expect(seen.headers["content-type"]).toBe("image/webp");
      expect(seen.headers["x-content-type-options"]).toBe("nosniff");
      expect(seen.headers["content-disposition"]).toBe(`inline; filename="foto-${me.user.id}.webp"`);
      expect(seen.rawPayload.equals(png)).toBe(false);
      expect(await sharp(seen.rawPayload).metadata()).toMatchObject({
        format: "webp",
        width: 40,
        height: 30,
      });

      const session = await inject("GET", "/api/users/me", me.headers);
      expect(session.json().data.profile_picture).toBe(pictureUrl);

      const mp = multipart({ filename: "yo.jpg", type: "image/jpeg", data: jpeg });
      const replaced = await ctx.app.inject({
        method: "POST",
        url,
        payload: mp.payload,
        headers: { ...mp.headers, ...me.headers },
      });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json().data.profile_picture).not.toBe(pictureUrl);
      expect(await storedPictures(ctx, me.user.id)).toHaveLength(1);
      expect((await inject("GET", url, other.headers)).headers["content-type"]).toBe("image/webp");

      const removed = await inject("DELETE", url, me.headers);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().data.profile_picture).toBeNull();
      expect(await storedPictures(ctx, me.user.id)).toHaveLength(0);
      const gone = await inject("GET", url, other.headers);
      expect(gone.statusCode).toBe(404);
    });

    it("refuses other people's pictures, wrong types, disguised files, big files and empty forms", async () => {
      const me = await createUserWithToken(ctx, Role.student);
      const other = await createUserWithToken(ctx, Role.student);
      const url = `/api/users/${me.user.id}/profile-picture`;
      const send = (file: Parameters<typeof multipart>[0], headers = me.headers) => {
        const mp = multipart(file);
        return ctx.app.inject({
          method: "POST",
          url,
          payload: mp.payload,
          headers: { ...mp.headers, ...headers },
        });
      };
      expect(
        (await send({ filename: "a.png", type: "image/png", data: png }, other.headers)).statusCode,
      ).toBe(403);

      const gif = await send({ filename: "a.gif", type: "image/gif", data: Buffer.from("GIF89a..........") });
      expect(gif.statusCode).toBe(422);
      expect(gif.json().errors.profile_picture).toBeDefined();
      const disguised = await send({
        filename: "a.png",
        type: "image/png",
        data: Buffer.from("<svg onload=alert(1)>"),
      });
      expect(disguised.statusCode).toBe(422);
      const big = await sharp({
        create: {
          width: 880,
          height: 880,
          channels: 3,
          background: "#808080",
          noise: { type: "gaussian", mean: 128, sigma: 60 },
        },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
      const tooBig = await send({ filename: "a.png", type: "image/png", data: big });
      expect(tooBig.statusCode).toBe(422);
      expect(tooBig.json().errors.profile_picture[0]).toContain("2048");
      const none = await inject("POST", url, me.headers, {});
      expect(none.statusCode).toBe(422);
      expect(await storedPictures(ctx, me.user.id)).toEqual([]);

      const admin = await createUserWithToken(ctx, Role.admin);
      const realWebp = await picture("webp");
      expect(
        (await send({ filename: "a.webp", type: "image/webp", data: realWebp }, admin.headers)).statusCode,
      ).toBe(200);
    });

    it("refuses what does not decode as a whole image: a fake WebP, a PNG+HTML polyglot, a cut PNG", async () => {
      const me = await createUserWithToken(ctx, Role.teacher);
      const url = `/api/users/${me.user.id}/profile-picture`;
      const send = (data: Buffer, name = "profile_picture", type = "image/png") => {
        const mp = multipart({ name, filename: "foto.png", type, data });
        return ctx.app.inject({
          method: "POST",
          url,
          payload: mp.payload,
          headers: { ...mp.headers, ...me.headers },
        });
      };
      const notAnImage = { profile_picture: ["El campo foto de perfil debe ser una imagen."] };

      const fakeWebp = await send(fakeWebpFile(), "profile_picture", "image/webp");
      expect(fakeWebp.statusCode).toBe(422);
      expect(fakeWebp.json()).toMatchObject({ message: "validation_failed", errors: notAnImage });

      const html = Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>");
      const polyglot = await send(Buffer.concat([png, html]));
      expect(polyglot.statusCode).toBe(422);
      expect(polyglot.json().errors).toEqual(notAnImage);

      const cut = await send(png.subarray(0, png.length - 20));
      expect(cut.statusCode).toBe(422);
      expect(cut.json().errors).toEqual(notAnImage);

      expect(
        (await inject("GET", `/api/users/${me.user.id}`, me.headers)).json().data.profile_picture,
      ).toBeNull();
      expect(await storedPictures(ctx, me.user.id)).toEqual([]);
    });

    it("keeps the previous picture and answers 503 in Spanish when the storage cannot write (full disk)", async () => {
      const me = await createUserWithToken(ctx, Role.student);
      const url = `/api/users/${me.user.id}/profile-picture`;
      const mp = multipart({ filename: "yo.png", type: "image/png", data: png });
      const headers = { ...mp.headers, ...me.headers };
      expect((await ctx.app.inject({ method: "POST", url, payload: mp.payload, headers })).statusCode).toBe(
        200,
      );
      const before = await inject("GET", url, me.headers);
      const pictureUrl = (await inject("GET", `/api/users/${me.user.id}`, me.headers)).json().data
        .profile_picture;

      const full = await fullStorage(ctx);
      const app = await buildApp({ config: ctx.config, db: ctx.db, storage: full.storage });
      try {
        const next = multipart({ filename: "yo.jpg", type: "image/jpeg", data: jpeg });
        const refused = await app.inject({
          method: "POST",
          url,
          payload: next.payload,
          headers: { ...next.headers, ...me.headers },
        });
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toEqual({
          message: "storage_unavailable",
          description:
            "No se pudo guardar el archivo porque el almacenamiento no está disponible. Intente de nuevo más tarde.",
        });
      } finally {
        await app.close();
        await full.restore();
      }
      expect((await inject("GET", `/api/users/${me.user.id}`, me.headers)).json().data.profile_picture).toBe(
        pictureUrl,
      );
      const after = await inject("GET", url, me.headers);
      expect(after.statusCode).toBe(200);
      expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
      expect(await storedPictures(ctx, me.user.id)).toHaveLength(1);
      if (ctx.app.storage.kind === "folder") {
        const { readdirSync } = await import("node:fs");
        const names = readdirSync(path.join(ctx.config.storageDir, "profile-pictures"));
        expect(names.filter((n) => n.endsWith(".tmp"))).toEqual([]);
      }
    });

    it("keeps the previous picture when an upload is cut off half-way by the client", async () => {
      const me = await createUserWithToken(ctx, Role.student);
      const url = `/api/users/${me.user.id}/profile-picture`;
      const mp = multipart({ filename: "yo.png", type: "image/png", data: png });
      const headers = { ...mp.headers, ...me.headers };
      expect((await ctx.app.inject({ method: "POST", url, payload: mp.payload, headers })).statusCode).toBe(
        200,
      );
      const before = await inject("GET", url, me.headers);

      const address = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = new URL(address);
      const big = await picture("png", 600, 600);
      const cut = multipart({ filename: "nueva.png", type: "image/png", data: big });
      const socket = connect(Number(port), "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", resolve));
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${me.headers.authorization}\r\n` +
          `Content-Type: ${cut.headers["content-type"]}\r\nContent-Length: ${cut.payload.length}\r\n\r\n`,
      );
      socket.write(cut.payload.subarray(0, Math.floor(cut.payload.length / 2)));
      await new Promise((resolve) => setImmediate(resolve));
      socket.destroy();
      // The server sees the connection end; wait until it has let go of it.
      for (;;) {
        const open = await new Promise<number>((resolve) =>
          ctx.app.server.getConnections((_err, count) => resolve(count)),
        );
        if (open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const after = await inject("GET", url, me.headers);
      expect(after.statusCode).toBe(200);
      expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
      expect(await storedPictures(ctx, me.user.id)).toHaveLength(1);
    });

    it("serves a picture stored before the storage existed (data folder, profile-pictures/<file>)", async (t) => {
      if (ctx.app.storage.kind !== "folder") t.skip();
      const me = await createUserWithToken(ctx, Role.student);
      const webp = await picture("webp");
      const fileName = `${me.user.id}-00112233aabbccdd.webp`;
      mkdirSync(path.join(ctx.config.storageDir, "profile-pictures"), { recursive: true });
      writeFileSync(path.join(ctx.config.storageDir, "profile-pictures", fileName), webp);
      await ctx.db.update(users).set({ profilePicture: fileName }).where(sql`${users.id} = ${me.user.id}`);
      const seen = await inject("GET", `/api/users/${me.user.id}/profile-picture`, me.headers);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers["content-type"]).toBe("image/webp");
      expect(seen.rawPayload.equals(webp)).toBe(true);
    });

    it("accepts the picture only under its field name", async () => {
      const me = await createUserWithToken(ctx, Role.teacher);
      const url = `/api/users/${me.user.id}/profile-picture`;
      const mp = multipart({ name: "foto", filename: "foto.png", type: "image/png", data: png });
      const res = await ctx.app.inject({
        method: "POST",
        url,
        payload: mp.payload,
        headers: { ...mp.headers, ...me.headers },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        foto: ["El campo foto no está permitido."],
        profile_picture: ["El campo foto de perfil es obligatorio."],
      });
    });

    it("scales big pictures down to 512 pixels a side and drops their metadata", async () => {
      const me = await createUserWithToken(ctx, Role.student);
      const url = `/api/users/${me.user.id}/profile-picture`;
      const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3366aa" } })
        .jpeg()
        .withExif({ IFD0: { Artist: "Secreto Personal", Copyright: "GPS 10.5,-66.9" } })
        .toBuffer();
      expect(photo.includes("Secreto Personal")).toBe(true);
      const mp = multipart({ filename: "foto.jpg", type: "image/jpeg", data: photo });
      const up = await ctx.app.inject({
        method: "POST",
        url,
        payload: mp.payload,
        headers: { ...mp.headers, ...me.headers },
      });
      expect(up.statusCode).toBe(200);
      const served = (await inject("GET", url, me.headers)).rawPayload;
      expect(await sharp(served).metadata()).toMatchObject({ format: "webp", width: 512, height: 384 });
      expect(served.includes("Secreto Personal")).toBe(false);
      expect((await sharp(served).metadata()).exif).toBeUndefined();
    });
  });
});

/** RIFF…WEBP magic bytes and nothing of an image after them. */
function fakeWebpFile() {
  const b = Buffer.alloc(32, 0);
  b.write("RIFF", 0, "latin1");
  b.writeUInt32LE(24, 4);
  b.write("WEBP", 8, "latin1");
  return b;
}
