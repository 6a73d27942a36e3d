import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import type { Notification } from "../../../common/schemas/notifications.js";
import { notificationReceivers, notifications, users } from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { notifyDocumentReady } from "../document-requests/notify.js";
import { sendNotification } from "./send.js";

let ctx: TestContext;
type User = Awaited<ReturnType<typeof createUserWithToken>>;
let admin: User;
let teacher: User;
let student: User;
const ids = {} as Record<"welcome" | "single" | "payment" | "older" | "othersOnly", number>;

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

async function send(opts: {
  type: number;
  content: string;
  senderUserId: number | null;
  receivers: number[];
  createdAt: Date;
  code?: string;
  back?: string;
  receiverUserId?: number;
  attachment?: string;
}) {
  const { receivers, ...values } = opts;
  const [row] = await ctx.db.insert(notifications).values(values).returning();
  await ctx.db
    .insert(notificationReceivers)
    .values(receivers.map((userId) => ({ notificationId: row!.id, userId })));
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUserWithToken(ctx, Role.admin, { name: "Marta Directora", email: "dir@colegio.test" });
  teacher = await createUserWithToken(ctx, Role.teacher, { name: "Ana Profesora" });
  student = await createUserWithToken(ctx, Role.student, { name: "Luis Estudiante" });
  await ctx.db.update(users).set({ profilePicture: "1-abc123.png" }).where(eq(users.id, admin.user.id));
  ids.older = await send({
    type: 1,
    content: "Aviso antiguo ya leído",
    senderUserId: admin.user.id,
    receivers: [teacher.user.id, student.user.id],
    createdAt: hoursAgo(48),
  });
  ids.welcome = await send({
    type: 1,
    content: "¡Bienvenidos al nuevo período académico!",
    senderUserId: admin.user.id,
    receivers: [admin.user.id, teacher.user.id, student.user.id],
    createdAt: hoursAgo(24),
    attachment: "/api/files/circular.pdf",
  });
  ids.single = await send({
    type: 7,
    content: "Por favor pase por la coordinación.",
    senderUserId: admin.user.id,
    receiverUserId: teacher.user.id,
    receivers: [teacher.user.id],
    createdAt: hoursAgo(5),
  });
  ids.payment = await send({
    type: 6,
    code: "payment_approved",
    back: "/profile/1/payments",
    content: "Su pago ha sido aprobado.",
    senderUserId: null,
    receivers: [teacher.user.id],
    createdAt: hoursAgo(1),
  });
  ids.othersOnly = await send({
    type: 7,
    content: "Solo para el estudiante",
    senderUserId: admin.user.id,
    receiverUserId: student.user.id,
    receivers: [student.user.id],
    createdAt: hoursAgo(2),
  });
  await ctx.db
    .update(notificationReceivers)
    .set({ readAt: hoursAgo(40) })
    .where(eq(notificationReceivers.notificationId, ids.older));
});
afterAll(() => ctx?.close());

const get = (url: string, user: User) =>
  ctx.app.inject({ method: "GET", url: `/api${url}`, headers: user.headers });
const markAsRead = (id: number | string, user?: User) =>
  ctx.app.inject({
    method: "PATCH",
    url: `/api/notifications/${id}/mark-as-read`,
    headers: user ? user.headers : {},
  });

/** The bell's own call (spec.md §7). */
const bellQuery = "/notifications?page=1&limit=0&with=sender&unread=true";

describe("GET /api/notifications", () => {
  it("answers the bell: only the caller's unread notifications, newest first, with the sender", async () => {
    const res = await get(bellQuery, teacher);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Notification[]; meta: Record<string, number> };
    expect(body.data.map((n) => n.id)).toEqual([ids.payment, ids.single, ids.welcome]);
    expect(body.meta).toEqual({ total: 3, per_page: 3, current_page: 1, last_page: 1 });
    const [payment, single, welcome] = body.data;
    expect(payment).toEqual({
      id: ids.payment,
      content: "Su pago ha sido aprobado.",
      attachment: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/),
      sender: null,
      pivot: { read_at: null },
      type: 6,
      code: "payment_approved",
      // Written before codes carried parameters: the web app shows its (Spanish) content.
      params: null,
      back: "/profile/1/payments",
      receiver_user_id: null,
    });
    expect(single).toMatchObject({ type: 7, receiver_user_id: teacher.user.id });
    expect(welcome!.sender).toEqual({
      name: "Marta Directora",
      email: "dir@colegio.test",
      profile_picture: `/api/users/${admin.user.id}/profile-picture?v=abc123`,
    });
    expect(welcome!.attachment).toBe("/api/files/circular.pdf");
  });

  it("never shows another person's notifications", async () => {
    const res = await get("/notifications?limit=0", admin);
    expect((res.json().data as Notification[]).map((n) => n.id)).toEqual([ids.welcome]);
    const studentIds = ((await get("/notifications?limit=0", student)).json().data as Notification[]).map(
      (n) => n.id,
    );
    expect(studentIds).toEqual([ids.othersOnly, ids.welcome, ids.older]);
  });

  it("leaves the sender out unless asked for, filters read ones, pages, searches and sorts", async () => {
    const all = (await get("/notifications?limit=0", teacher)).json().data as Notification[];
    expect(all.map((n) => n.id)).toEqual([ids.payment, ids.single, ids.welcome, ids.older]);
    expect(all[0]).not.toHaveProperty("sender");
    expect(all[3]!.pivot.read_at).not.toBeNull();

    const read = (await get("/notifications?unread=0&limit=0", teacher)).json().data as Notification[];
    expect(read.map((n) => n.id)).toEqual([ids.older]);

    const page2 = (await get("/notifications?page=2&limit=3", teacher)).json();
    expect(page2.data.map((n: Notification) => n.id)).toEqual([ids.older]);
    expect(page2.meta).toEqual({ total: 4, per_page: 3, current_page: 2, last_page: 2 });

    const found = (await get("/notifications?search=COORDINACION&limit=0", teacher)).json().data;
    expect(found.map((n: Notification) => n.id)).toEqual([ids.single]);

    const oldest = (await get("/notifications?sort_by=created_at,asc&limit=1", teacher)).json().data;
    expect(oldest.map((n: Notification) => n.id)).toEqual([ids.older]);
  });

  it("needs a session and refuses bad queries with 422", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/notifications" })).statusCode).toBe(401);
    for (const query of ["?with=receivers", "?unread=maybe", "?sort_by=content,asc", "?limit=-1"]) {
      expect((await get(`/notifications${query}`, teacher)).statusCode, query).toBe(422);
    }
  });
});

describe("PATCH /api/notifications/{id}/mark-as-read", () => {
  it("marks the caller's notification read; the bell stops listing it; a second call keeps the time", async () => {
    const res = await markAsRead(ids.single, teacher);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Notification;
    expect(data.id).toBe(ids.single);
    expect(data.pivot.read_at).toEqual(expect.any(String));

    const bell = (await get(bellQuery, teacher)).json().data as Notification[];
    expect(bell.map((n) => n.id)).toEqual([ids.payment, ids.welcome]);

    const again = await markAsRead(ids.single, teacher);
    expect(again.json().data.pivot.read_at).toBe(data.pivot.read_at);
  });

  it("marks only the caller's copy of a shared notification", async () => {
    expect((await markAsRead(ids.welcome, student)).statusCode).toBe(200);
    const [teacherCopy] = await ctx.db
      .select()
      .from(notificationReceivers)
      .where(
        and(
          eq(notificationReceivers.notificationId, ids.welcome),
          eq(notificationReceivers.userId, teacher.user.id),
        ),
      );
    expect(teacherCopy!.readAt).toBeNull();
  });

  it("is 404 for anyone who is not a receiver, and for unknown or malformed ids", async () => {
    const res = await markAsRead(ids.othersOnly, teacher);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("notification_not_found");
    const [studentCopy] = await ctx.db
      .select()
      .from(notificationReceivers)
      .where(eq(notificationReceivers.notificationId, ids.othersOnly));
    expect(studentCopy!.readAt).toBeNull();

    expect((await markAsRead(999_999, teacher)).statusCode).toBe(404);
    for (const id of ["abc", "0x0f", "1e3", "15.0", "0"])
      expect((await markAsRead(id, teacher)).statusCode, id).toBe(422);
    // Past the integer range no record can exist.
    expect((await markAsRead(2_147_483_648, teacher)).statusCode).toBe(404);
    expect((await markAsRead(ids.single)).statusCode).toBe(401);
  });
});

describe("GET /api/notifications/{id}", () => {
  it("answers the caller's notification with its sender; the system's has none", async () => {
    const res = await get(`/notifications/${ids.welcome}`, student);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Notification;
    expect(data).toMatchObject({ id: ids.welcome, content: "¡Bienvenidos al nuevo período académico!" });
    expect(data.sender).toMatchObject({ name: "Marta Directora" });
    const system = (await get(`/notifications/${ids.payment}`, teacher)).json().data as Notification;
    expect(system).toMatchObject({ sender: null, code: "payment_approved", back: "/profile/1/payments" });
  });

  it("is 404 for anyone who is not a receiver (the administration too), 422 for a malformed id, 401 without a session", async () => {
    for (const user of [teacher, admin]) {
      const res = await get(`/notifications/${ids.othersOnly}`, user);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        message: "notification_not_found",
        description: "La notificación no existe.",
      });
    }
    expect((await get("/notifications/999999", teacher)).statusCode).toBe(404);
    expect((await get("/notifications/abc", teacher)).statusCode).toBe(422);
    expect(
      (await ctx.app.inject({ method: "GET", url: `/api/notifications/${ids.welcome}` })).statusCode,
    ).toBe(401);
  });
});

describe("PATCH /api/notifications/{id}", () => {
  const patch = (id: number | string, body: unknown, user: User) =>
    ctx.app.inject({
      method: "PATCH",
      url: `/api/notifications/${id}`,
      headers: user.headers,
      payload: body as object,
    });

  it("marks the caller's copy read and unread again; the bell follows", async () => {
    const id = await send({
      type: 1,
      content: "Circular de prueba",
      senderUserId: admin.user.id,
      receivers: [teacher.user.id, student.user.id],
      createdAt: hoursAgo(3),
    });
    const read = await patch(id, { read: true }, teacher);
    expect(read.statusCode, read.body).toBe(200);
    const firstReading = (read.json().data as Notification).pivot.read_at;
    expect(firstReading).toEqual(expect.any(String));
    expect(((await get(bellQuery, teacher)).json().data as Notification[]).map((n) => n.id)).not.toContain(
      id,
    );
    // Read again keeps the first reading; the other receiver's copy is untouched.
    expect((await patch(id, { read: true }, teacher)).json().data.pivot.read_at).toBe(firstReading);
    expect(((await get(bellQuery, student)).json().data as Notification[]).map((n) => n.id)).toContain(id);

    const unread = await patch(id, { read: false }, teacher);
    expect(unread.statusCode).toBe(200);
    expect(unread.json().data.pivot.read_at).toBeNull();
    expect(((await get(bellQuery, teacher)).json().data as Notification[]).map((n) => n.id)).toContain(id);
  });

  it("is 404 for anyone who is not a receiver and 422 with a Spanish message for a bad body", async () => {
    const res = await patch(ids.othersOnly, { read: true }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("notification_not_found");
    const [copy] = await ctx.db
      .select()
      .from(notificationReceivers)
      .where(eq(notificationReceivers.notificationId, ids.othersOnly));
    expect(copy!.readAt).toBeNull();

    for (const body of [{}, { read: "quizás" }]) {
      const bad = await patch(ids.welcome, body, teacher);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(bad.json().errors.read[0]).toMatch(/leída/);
    }
  });
});

describe("DELETE /api/notifications/{id}", () => {
  const remove = (id: number, user: User) =>
    ctx.app.inject({ method: "DELETE", url: `/api/notifications/${id}`, headers: user.headers });

  it("removes it from the caller's list only; a second delete and other people get 404", async () => {
    const id = await send({
      type: 1,
      content: "Aviso para borrar",
      senderUserId: admin.user.id,
      receivers: [teacher.user.id, student.user.id],
      createdAt: hoursAgo(4),
    });
    expect((await remove(id, admin)).statusCode).toBe(404);
    const res = await remove(id, teacher);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe("");
    const teacherList = (await get("/notifications?limit=0", teacher)).json().data as Notification[];
    expect(teacherList.map((n) => n.id)).not.toContain(id);
    expect((await get(`/notifications/${id}`, teacher)).statusCode).toBe(404);
    expect((await remove(id, teacher)).statusCode).toBe(404);
    // The other receiver keeps theirs.
    expect((await get(`/notifications/${id}`, student)).statusCode).toBe(200);
  });
});

describe("system notifications in the reader's language", () => {
  it("answer their code's parameters beside the Spanish text and the path they lead to", async () => {
    const { id } = await sendNotification(ctx.db, {
      type: 6,
      content: "Su pago de 125,00 del 20/11/2026 fue aprobado. Ya puede descargar el recibo.",
      code: "payment_approved",
      params: { amount_e2: 12_500, date: "2026-11-20" },
      back: "/profile/7/payments",
      userIds: [student.user.id],
    });
    const res = await get(`/notifications/${id}`, student);
    expect(res.json().data).toMatchObject({
      content: "Su pago de 125,00 del 20/11/2026 fue aprobado. Ya puede descargar el recibo.",
      code: "payment_approved",
      params: { amount_e2: 12_500, date: "2026-11-20" },
      attachment: null,
      back: "/profile/7/payments",
    });
    const listed = ((await get("/notifications?limit=0", student)).json().data as Notification[]).find(
      (n) => n.id === id,
    );
    expect(listed).toMatchObject({ params: { amount_e2: 12_500 }, back: "/profile/7/payments" });
  });

  it("names a ready document by its type number, so the web app can translate it", async () => {
    await ctx.db.transaction((tx) =>
      notifyDocumentReady(tx, {
        userId: student.user.id,
        typeId: 2,
        typeName: "Constancia de notas",
        senderUserId: null,
      }),
    );
    const list = (await get("/notifications?limit=1", student)).json().data as Notification[];
    expect(list[0]).toMatchObject({
      content: expect.stringContaining("Su constancia de notas está lista"),
      code: "document_ready",
      params: { document_type: 2, document_name: "Constancia de notas" },
      back: "/document-requests",
    });
  });

  it("keeps long parameters whole, and never reads parameters into a person's message", async () => {
    const { id } = await sendNotification(ctx.db, {
      type: 6,
      content: "La copia de seguridad manual falló: disco lleno",
      code: "backup_failed",
      params: { trigger: "manual", reason: "x".repeat(400) },
      back: "/backups",
      userIds: [student.user.id],
    });
    expect((await get(`/notifications/${id}`, student)).json().data).toMatchObject({
      params: { trigger: "manual", reason: "x".repeat(400) },
      attachment: null,
      back: "/backups",
    });
    const personal = await send({
      type: 7,
      content: "Vea la sección",
      senderUserId: admin.user.id,
      receiverUserId: student.user.id,
      receivers: [student.user.id],
      createdAt: hoursAgo(1),
      attachment: 'params:{"a":1}',
    });
    expect((await get(`/notifications/${personal}`, student)).json().data).toMatchObject({
      params: null,
      attachment: 'params:{"a":1}',
    });
  });
});
