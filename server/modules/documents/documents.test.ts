import { and, eq, like, ne, notInArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { DOCUMENT_FILE_MAX_BYTES } from "../../../common/schemas/documents.js";
import { signAccessToken } from "../../auth/tokens.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";
import { ensureDemoLibraryFiles } from "./demo-files.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<"admin" | "lowAdmin" | "teacher" | "coordinator" | "student" | "outsider", Headers>;

/** The study of the student who logs in as `as.student`, and places in and outside it. */
const world = {} as {
  specializationId: number;
  otherSpecializationId: number;
  /** A semester of the student's specialization with their semester number, and one with another number. */
  ownSemesterId: number;
  otherNumberSemesterId: number;
  /** A semester of the other specialization. */
  foreignSemesterId: number;
  courseInOwnSemester: number;
  courseOutsideOwnSemester: number;
};

type FilePart = { field: string; filename: string; type: string; data: Buffer };

/** A multipart body of text fields and files. */
function multipart(fields: Record<string, unknown>, files: FilePart[] = []) {
  const boundary = `----documents${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const sendForm = (
  url: string,
  fields: Record<string, unknown>,
  files: FilePart[] = [],
  headers = as.admin,
) => {
  const body = multipart(fields, files);
  return ctx.app.inject({
    method: "POST",
    url: `/api${url}`,
    headers: { ...headers, "content-type": body.contentType },
    payload: body.payload,
  });
};

const api = (method: "GET" | "PATCH" | "DELETE", url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const pdf = (text = "Guía") =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const pdfPart = (data = pdf()): FilePart => ({
  field: "file",
  filename: "guia.pdf",
  type: "application/pdf",
  data,
});
let png: Buffer;
const coverPart = (data = png, filename = "portada.png", type = "image/png"): FilePart => ({
  field: "cover_picture",
  filename,
  type,
  data,
});

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of ctx.app.storage.list("documents/")) keys.push(file.key);
  return keys.sort();
}
const documentCount = async () => (await ctx.db.select({ id: s.documents.id }).from(s.documents)).length;

async function headersOf(userId: number): Promise<Headers> {
  const { token } = await signAccessToken({ secret: ctx.config.jwtSecret, userId, ttlSeconds: 3600 });
  return { authorization: `Bearer ${token}` };
}

/** Students inscribed (active) in the enabled period, with their specialization and semester number. */
async function currentStudents() {
  return ctx.db
    .select({
      userId: s.students.userId,
      specializationId: s.inscriptions.specializationId,
      semesterNumber: s.semesters.number,
    })
    .from(s.inscriptions)
    .innerJoin(s.students, eq(s.students.id, s.inscriptions.studentId))
    .innerJoin(s.periods, and(eq(s.periods.id, s.inscriptions.periodId), eq(s.periods.enabled, true)))
    .innerJoin(s.semesters, eq(s.semesters.id, s.inscriptions.semesterId))
    .where(eq(s.inscriptions.status, "active"))
    .orderBy(s.inscriptions.id);
}

async function semesterOf(specializationId: number, number?: number, notNumber?: number) {
  const [row] = await ctx.db
    .select({ id: s.semesters.id })
    .from(s.semesters)
    .innerJoin(s.pensums, eq(s.pensums.id, s.semesters.pensumId))
    .where(
      and(
        eq(s.pensums.specializationId, specializationId),
        number === undefined ? undefined : eq(s.semesters.number, number),
        notNumber === undefined ? undefined : ne(s.semesters.number, notNumber),
      ),
    )
    .orderBy(s.semesters.id)
    .limit(1);
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  png = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();
  for (const role of ["admin", "lowAdmin", "teacher", "coordinator"] as const)
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  const inscribed = await currentStudents();
  const student = inscribed[0]!;
  const outsider = inscribed.find((i) => i.specializationId !== student.specializationId)!;
  as.student = await headersOf(student.userId!);
  as.outsider = await headersOf(outsider.userId!);
  world.specializationId = student.specializationId;
  world.otherSpecializationId = outsider.specializationId;
  world.ownSemesterId = await semesterOf(student.specializationId, student.semesterNumber);
  world.otherNumberSemesterId = await semesterOf(student.specializationId, undefined, student.semesterNumber);
  world.foreignSemesterId = await semesterOf(outsider.specializationId);
  const inOwn = await ctx.db
    .select({ id: s.semesterCourses.courseId })
    .from(s.semesterCourses)
    .where(eq(s.semesterCourses.semesterId, world.ownSemesterId));
  world.courseInOwnSemester = inOwn[0]!.id;
  const [outside] = await ctx.db
    .select({ id: s.courses.id })
    .from(s.courses)
    .where(
      notInArray(
        s.courses.id,
        inOwn.map((c) => c.id),
      ),
    )
    .limit(1);
  world.courseOutsideOwnSemester = outside!.id;
}, 120_000);

afterAll(async () => ctx?.close());

describe("creating and reading documents", () => {
  it("an admin uploads a PDF with a cover; the file and a WebP thumbnail are served through the access check", async () => {
    const res = await sendForm(
      "/documents",
      { title: "Guía de estudio", description: "Para todos", specialization_id: "", semester_id: "" },
      [pdfPart(), coverPart()],
    );
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json().data;
    expect(doc).toMatchObject({
      title: "Guía de estudio",
      description: "Para todos",
      file_extension: "pdf",
      file_url: `/documents/${doc.id}/file`,
      cover_picture: `/documents/${doc.id}/cover`,
      specialization: null,
      semester: null,
      course: null,
    });

    const file = await api("GET", `/documents/${doc.id}/file`, as.student);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["content-disposition"]).toContain("attachment;");
    expect(file.headers["content-disposition"]).toContain("Gu%C3%ADa%20de%20estudio.pdf");
    expect(file.rawPayload.equals(pdf())).toBe(true);

    const cover = await api("GET", `/documents/${doc.id}/cover`, as.student);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers["content-type"]).toBe("image/webp");
    expect(cover.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(cover.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
  });

  it("accepts CSV text and Office files, and refuses anything but admins", async () => {
    const csv = await sendForm("/documents", { title: "Notas de corte" }, [
      { field: "file", filename: "corte.csv", type: "text/csv", data: Buffer.from("año;nota\n2025;18\n") },
    ]);
    expect(csv.statusCode, csv.body).toBe(201);
    expect(csv.json().data.file_extension).toBe("csv");
    expect(csv.json().data.cover_picture).toBeNull();
    for (const who of [as.lowAdmin, as.teacher, as.coordinator, as.student]) {
      const refused = await sendForm("/documents", { title: "No" }, [pdfPart()], who);
      expect(refused.statusCode).toBe(403);
    }
  });

  it("asks for the title and the file in Spanish, keeping nothing", async () => {
    const before = await storedKeys();
    const res = await sendForm("/documents", { title: " " }, [coverPart()]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.title[0]).toMatch(/obligatorio/);
    expect(res.json().errors.file).toEqual(["El campo archivo es obligatorio."]);
    const json = await ctx.app.inject({
      method: "POST",
      url: "/api/documents",
      headers: as.admin,
      payload: { title: "Sin archivo" },
    });
    expect(json.statusCode).toBe(422);
    expect(await storedKeys()).toEqual(before);
  });

  it("lists with search, filters, sort and CSV", async () => {
    const res = await api("GET", "/documents?search=corte&sort_by=title,asc", as.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: { title: string }) => d.title)).toContain("Notas de corte");
    const csv = await api("GET", "/documents?format=csv&search=corte", as.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("Título");
    expect(csv.body).toContain("Notas de corte");
    const bad = await api("GET", "/documents?sort_by=file,asc", as.admin);
    expect(bad.statusCode).toBe(422);
  });
});

describe("specialization, semester and course must agree", () => {
  it("refuses a semester of another specialization and a course outside the semester, storing nothing", async () => {
    const before = { keys: await storedKeys(), rows: await documentCount() };
    const foreign = await sendForm(
      "/documents",
      { title: "X", specialization_id: world.specializationId, semester_id: world.foreignSemesterId },
      [pdfPart(), coverPart()],
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      message: "document_semester_not_related_to_specialization",
      description: "El semestre no pertenece a la especialización indicada.",
    });
    const course = await sendForm(
      "/documents",
      {
        title: "X",
        specialization_id: world.specializationId,
        semester_id: world.ownSemesterId,
        course_id: world.courseOutsideOwnSemester,
      },
      [pdfPart()],
    );
    expect(course.statusCode).toBe(400);
    expect(course.json().message).toBe("document_semester_not_related_to_course");
    const noSemester = await sendForm(
      "/documents",
      { title: "X", specialization_id: world.specializationId, course_id: world.courseInOwnSemester },
      [pdfPart()],
    );
    expect(noSemester.statusCode).toBe(422);
    expect(Object.keys(noSemester.json().errors)).toEqual(["semester_id"]);
    expect(await storedKeys()).toEqual(before.keys);
    expect(await documentCount()).toBe(before.rows);
  });

  it("keeps the rule on update (PATCH JSON)", async () => {
    const created = await sendForm(
      "/documents",
      {
        title: "Apuntes",
        specialization_id: world.specializationId,
        semester_id: world.ownSemesterId,
        course_id: world.courseInOwnSemester,
      },
      [pdfPart()],
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.course.id).toBe(world.courseInOwnSemester);
    const moved = await api("PATCH", `/documents/${id}`, as.admin, {
      specialization_id: world.otherSpecializationId,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe("document_semester_not_related_to_specialization");
    const cleared = await api("PATCH", `/documents/${id}`, as.admin, {
      specialization_id: null,
      semester_id: null,
      course_id: null,
      title: "Apuntes generales",
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ title: "Apuntes generales", specialization_id: null });
  });
});

describe("who sees what", () => {
  const ids = {} as Record<"own" | "ownSpecialization" | "otherNumber" | "foreign" | "general", number>;

  beforeAll(async () => {
    const make = async (title: string, fields: Record<string, unknown>) => {
      const res = await sendForm("/documents", { title, ...fields }, [pdfPart(pdf(title)), coverPart()]);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    ids.general = await make("Visible general", {});
    ids.own = await make("Visible de mi semestre", {
      specialization_id: world.specializationId,
      semester_id: world.ownSemesterId,
    });
    ids.ownSpecialization = await make("Visible de mi especialidad", {
      specialization_id: world.specializationId,
    });
    ids.otherNumber = await make("Visible de otro semestre", {
      specialization_id: world.specializationId,
      semester_id: world.otherNumberSemesterId,
    });
    ids.foreign = await make("Visible de otra especialidad", {
      specialization_id: world.otherSpecializationId,
      semester_id: world.foreignSemesterId,
    });
  });

  const titles = async (headers: Headers) => {
    const res = await api("GET", "/documents?search=Visible&limit=0", headers);
    expect(res.statusCode).toBe(200);
    return res
      .json()
      .data.map((d: { title: string }) => d.title)
      .sort();
  };

  it("a student lists general documents and those of their specialization and semester only", async () => {
    expect(await titles(as.student)).toEqual([
      "Visible de mi especialidad",
      "Visible de mi semestre",
      "Visible general",
    ]);
    expect(await titles(as.outsider)).toEqual(["Visible de otra especialidad", "Visible general"]);
  });

  it("a student gets 404 for the record, file and cover of a document they may not see", async () => {
    for (const id of [ids.foreign, ids.otherNumber])
      for (const path of ["", "/file", "/cover"]) {
        const res = await api("GET", `/documents/${id}${path}`, as.student);
        expect(res.statusCode, `${id}${path}`).toBe(404);
      }
    const own = await api("GET", `/documents/${ids.own}/file`, as.student);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(pdf("Visible de mi semestre"))).toBe(true);
    expect((await api("GET", `/documents/${ids.foreign}/file`, as.outsider)).statusCode).toBe(200);
  });

  it("teachers, coordinators and the administration see and download the whole library", async () => {
    for (const who of [as.teacher, as.coordinator, as.lowAdmin, as.admin]) {
      expect(await titles(who)).toHaveLength(5);
      expect((await api("GET", `/documents/${ids.foreign}/file`, who)).statusCode).toBe(200);
      expect((await api("GET", `/documents/${ids.otherNumber}/cover`, who)).statusCode).toBe(200);
    }
  });

  it("a student's filters cannot widen what they see", async () => {
    const res = await api("GET", `/documents?specialization_id=${world.otherSpecializationId}`, as.student);
    expect(res.json().data).toEqual([]);
  });
});

describe("bad files", () => {
  const refusedWithoutTrace = async (files: FilePart[], field: string, pattern: RegExp) => {
    const before = { keys: await storedKeys(), rows: await documentCount() };
    const res = await sendForm("/documents", { title: "Malo" }, files);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field][0]).toMatch(pattern);
    expect(await storedKeys()).toEqual(before.keys);
    expect(await documentCount()).toBe(before.rows);
  };

  it("refuses executables and scripts whatever their name", async () => {
    const pe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62), Buffer.from("PE\0\0"), Buffer.alloc(400)]);
    pe.writeUInt32LE(64, 0x3c);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(200)]);
    const script = Buffer.from("#!/bin/sh\nrm -rf /\n");
    for (const [data, name] of [
      [pe, "libro.pdf"],
      [elf, "apuntes.docx"],
      [script, "notas.txt"],
      [Buffer.from("echo hola"), "instalar.sh"],
    ] as const)
      await refusedWithoutTrace(
        [{ field: "file", filename: name, type: "application/pdf", data }, coverPart()],
        "file",
        /debe ser un archivo con formato: pdf/,
      );
  });

  it("refuses an SVG (with a script) as file or cover, and a picture with a page hidden after it", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    await refusedWithoutTrace(
      [pdfPart(), coverPart(svg, "portada.svg", "image/svg+xml")],
      "cover_picture",
      /jpeg, png, webp/,
    );
    await refusedWithoutTrace(
      [pdfPart(), coverPart(svg, "portada.png", "image/png")],
      "cover_picture",
      /portada/,
    );
    await refusedWithoutTrace(
      [{ field: "file", filename: "dibujo.svg", type: "image/svg+xml", data: svg }],
      "file",
      /formato/,
    );
    const polyglot = Buffer.concat([png, Buffer.from("<html><script>alert(1)</script></html>")]);
    await refusedWithoutTrace([pdfPart(), coverPart(polyglot)], "cover_picture", /formato/);
  });

  it("refuses a 100 MB upload with a Spanish 413 before reading it, storing nothing", async () => {
    const before = { keys: await storedKeys(), rows: await documentCount() };
    const huge = Buffer.alloc(100 * 1024 * 1024, 0x20);
    huge.write("%PDF-1.4\n");
    const res = await sendForm("/documents", { title: "Enorme" }, [pdfPart(huge)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: "payload_too_large" });
    expect(res.json().description).toMatch(/demasiado grande.*50 MB/);
    expect(await storedKeys()).toEqual(before.keys);
    expect(await documentCount()).toBe(before.rows);
  }, 60_000);

  it("refuses a file just over 50 MB read to its end (no size announced in advance), storing nothing", async () => {
    const over = Buffer.alloc(DOCUMENT_FILE_MAX_BYTES + 1, 0x20);
    over.write("%PDF-1.4\n");
    await refusedWithoutTrace([pdfPart(over)], "file", /no debe ser mayor que 51200 kilobytes/);
  }, 60_000);

  it("a form cut short inside the file is a 400 in the error shape, leaving nothing", async () => {
    const before = await storedKeys();
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/documents",
      headers: { ...as.admin, "content-type": "multipart/form-data; boundary=XX" },
      payload:
        '--XX\r\nContent-Disposition: form-data; name="title"\r\n\r\nCortado\r\n' +
        '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n' +
        `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n${"x".repeat(300_000)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("invalid_multipart_body");
    expect(await storedKeys()).toEqual(before);
  });

  it("refuses a cover over 5 MB", async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    await refusedWithoutTrace(
      [pdfPart(), coverPart(big)],
      "cover_picture",
      /no debe ser mayor que 5120 kilobytes/,
    );
  });
});

describe("replacing and deleting", () => {
  it("a POST with _method=PATCH replaces the file and cover; the old ones are deleted after the change", async () => {
    const created = await sendForm("/documents", { title: "Reemplazable" }, [pdfPart(), coverPart()]);
    const doc = created.json().data;
    const [row] = await ctx.db.select().from(s.documents).where(eq(s.documents.id, doc.id));
    const keysBefore = await storedKeys();
    expect(keysBefore).toEqual(expect.arrayContaining([row!.file, row!.coverPicture]));

    const noOverride = await sendForm(`/documents/${doc.id}`, { title: "Sin override" }, [pdfPart()]);
    expect(noOverride.statusCode).toBe(422);
    expect(await storedKeys()).toEqual(keysBefore);

    const replaced = await sendForm(`/documents/${doc.id}`, { _method: "PATCH", title: "Reemplazado" }, [
      { field: "file", filename: "nuevo.txt", type: "text/plain", data: Buffer.from("Versión nueva\n") },
      coverPart(),
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ title: "Reemplazado", file_extension: "txt" });
    const [after] = await ctx.db.select().from(s.documents).where(eq(s.documents.id, doc.id));
    const keys = await storedKeys();
    expect(keys).not.toContain(row!.file);
    expect(keys).not.toContain(row!.coverPicture);
    expect(keys).toEqual(expect.arrayContaining([after!.file, after!.coverPicture]));
    expect((await api("GET", `/documents/${doc.id}/file`, as.admin)).body).toBe("Versión nueva\n");

    const removed = await api("PATCH", `/documents/${doc.id}`, as.admin, { remove_cover_picture: true });
    expect(removed.json().data.cover_picture).toBeNull();
    expect(await storedKeys()).not.toContain(after!.coverPicture);
    expect((await api("GET", `/documents/${doc.id}/cover`, as.admin)).statusCode).toBe(404);

    expect((await api("DELETE", `/documents/${doc.id}`, as.lowAdmin)).statusCode).toBe(403);
    expect((await api("DELETE", `/documents/${doc.id}`, as.admin)).statusCode).toBe(204);
    expect(await storedKeys()).not.toContain(after!.file);
    expect((await api("GET", `/documents/${doc.id}`, as.admin)).statusCode).toBe(404);
    expect((await api("DELETE", `/documents/${doc.id}`, as.admin)).statusCode).toBe(404);
  });
});

describe("the demo library", () => {
  it("has 20 documents whose PDFs and covers are made once when the server starts", async () => {
    const demo = await ctx.db.select().from(s.documents).where(like(s.documents.file, "documents/demo/%"));
    expect(demo).toHaveLength(20);
    expect(demo.filter((d) => d.coverPicture).length).toBeGreaterThanOrEqual(15);
    expect(demo.filter((d) => d.specializationId === null).length).toBeGreaterThanOrEqual(5);
    expect(demo.filter((d) => d.courseId !== null).length).toBeGreaterThanOrEqual(5);
    // The app of this test started before the demo was seeded: the files are made now, then never again.
    const made = await ensureDemoLibraryFiles(ctx.db, ctx.app.storage);
    expect(made).toBe(20 + demo.filter((d) => d.coverPicture).length);
    expect(await ensureDemoLibraryFiles(ctx.db, ctx.app.storage)).toBe(0);
    const first = demo.find((d) => d.coverPicture)!;
    const file = await api("GET", `/documents/${first.id}/file`, as.admin);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const cover = await api("GET", `/documents/${first.id}/cover`, as.admin);
    expect((await sharp(cover.rawPayload).metadata()).format).toBe("webp");
  });
});
