import { formatDate } from "../../../common/dates/format.js";
import { formatAmount } from "../../../common/money/fees.js";
import type { DbOrTx } from "../client.js";
import * as s from "../schema/index.js";
import type { SeededAcademics } from "./academics.js";
import type { SeededInscription } from "./enrolment.js";
import type { SeededPeople } from "./people.js";
import { day, type Random } from "./random.js";

const SEEDED_PAYMENT_E2 = 12_500;

/** Notifications of several audiences with their receivers, binnacles, pre-inscriptions, document requests. */
export async function seedCommunication(
  db: DbOrTx,
  random: Random,
  academics: SeededAcademics,
  people: SeededPeople,
  inscriptions: SeededInscription[],
  today: string,
  now: Date,
) {
  const admin = people.admins[0]!.userId;
  const staff = [...people.coordinators, ...people.teachers];
  const allUsers = [
    ...people.admins.map((a) => a.userId),
    ...staff.map((t) => t.userId),
    ...people.students.map((x) => x.userId),
  ];
  const firstSection = inscriptions[0]!.section;
  const sectionUsers = inscriptions
    .filter((x) => x.section.id === firstSection.id)
    .map((x) => x.student.userId);
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

  const defs = [
    {
      type: 1,
      content: "¡Bienvenidos al nuevo período académico! Les deseamos mucho éxito.",
      senderUserId: admin,
      createdAt: hoursAgo(24 * 40),
      receivers: allUsers,
    },
    {
      type: 4,
      content: "Recuerden cargar las notas del primer corte antes de la fecha de cierre.",
      senderUserId: admin,
      createdAt: hoursAgo(24 * 3),
      receivers: staff.map((t) => t.userId),
    },
    {
      type: 5,
      content: "La jornada deportiva se realizará este viernes. ¡Los esperamos!",
      senderUserId: admin,
      createdAt: hoursAgo(24 * 20),
      receivers: people.students.map((x) => x.userId),
    },
    {
      type: 7,
      content: "Por favor pase por la coordinación para revisar su carga académica.",
      senderUserId: people.coordinators[0]!.userId,
      receiverUserId: people.teachers[0]!.userId,
      createdAt: hoursAgo(5),
      receivers: [people.teachers[0]!.userId],
    },
    {
      type: 8,
      content: "Mañana la clase de Matemática I será en el auditorio.",
      senderUserId: firstSection.courseSections[0]
        ? staff.find((t) => t.id === firstSection.courseSections[0]!.teacherId)!.userId
        : admin,
      sectionId: firstSection.id,
      createdAt: hoursAgo(30),
      receivers: sectionUsers,
    },
    {
      type: 3,
      content: "Reunión de coordinadores el jueves a las 10:00 en la dirección.",
      senderUserId: admin,
      createdAt: hoursAgo(24 * 2),
      receivers: people.coordinators.map((c) => c.userId),
    },
    ...(firstSection.courseSections[0]
      ? [
          {
            type: 9,
            content: "La evaluación de la próxima semana incluye los temas 1 a 3. ¡A estudiar!",
            senderUserId:
              staff.find((t) => t.id === firstSection.courseSections[0]!.teacherId)?.userId ?? admin,
            courseSectionId: firstSection.courseSections[0].id,
            createdAt: hoursAgo(8),
            receivers: sectionUsers,
          },
        ]
      : []),
    // What payments/notify.ts sends the student, with the parameters of the text in other languages.
    ...inscriptions.slice(0, 12).map((ins, i) => ({
      type: 6,
      code: i % 2 ? "payment_approved" : "payment_rejected",
      content:
        i % 2
          ? `Su pago de ${formatAmount(SEEDED_PAYMENT_E2)} del ${formatDate(day.add(today, -i))} fue aprobado. Ya puede descargar el recibo.`
          : `Su pago de ${formatAmount(SEEDED_PAYMENT_E2)} del ${formatDate(day.add(today, -i))} fue rechazado. ` +
            "Verifique los datos y repórtelo de nuevo o comuníquese con la administración.",
      params: { amount_e2: SEEDED_PAYMENT_E2, date: day.add(today, -i) },
      back: `/profile/${ins.student.id}/payments`,
      senderUserId: null,
      createdAt: hoursAgo(2 + i),
      receivers: [ins.student.userId],
    })),
  ];
  const rows = await db
    .insert(s.notifications)
    .values(defs.map(({ receivers: _, ...n }) => n))
    .returning({ id: s.notifications.id });
  await db.insert(s.notificationReceivers).values(
    defs.flatMap((n, i) =>
      n.receivers.map((userId) => ({
        notificationId: rows[i]!.id,
        userId,
        // Older messages have mostly been read.
        readAt: n.createdAt.getTime() < hoursAgo(48).getTime() && random.next() < 0.7 ? now : null,
      })),
    ),
  );

  const categories = ["conducta", "asistencia", "académico", "salud"];
  const subjects = [
    "Llegada tarde reiterada",
    "Excelente participación en clase",
    "Falta justificada",
    "Reunión con representante",
  ];
  await db.insert(s.binnacles).values(
    inscriptions.slice(0, 8).map((ins, i) => ({
      studentId: ins.student.id,
      authorUserId: staff.find((t) => t.id === ins.section.courseSections[0]!.teacherId)!.userId,
      periodId: academics.currentPeriodId,
      courseSectionId: ins.section.courseSections[0]!.id,
      incidenceDate: day.add(today, -random.int(1, 30)),
      subject: subjects[i % subjects.length]!,
      description: "Registro realizado por el docente durante la clase.",
      category: categories[i % categories.length]!,
    })),
  );

  await db.insert(s.preInscriptions).values(
    [
      ["Luis Alberto", "Mendoza Ríos", "male", "V-34456789"],
      ["Karla Vanessa", "Pérez Ochoa", "female", "V-34567890"],
      ["Jhonny", "Salas Marín", "male", "V-34678901"],
      ["Estefanía", "Rangel Duarte", "female", "V-34789012"],
    ].map(([firstName, lastName, gender, identityDocument], i) => ({
      periodId: academics.nextPeriodId,
      firstName: firstName!,
      lastName: lastName!,
      gender: gender!,
      identityDocument: identityDocument!,
      email: `aspirante${i + 1}@correo.com`,
      phone: `0414-55500${i}${i}`,
      birthDate: `200${7 + (i % 2)}-0${i + 3}-1${i}`,
      address: "Caracas",
      specializationId: academics.specializationIds.CB!,
      socialNetworks: { instagrams: i % 2 ? "" : `@aspirante${i + 1}`, facebook: "", twitter: "" },
    })),
  );

  await db.insert(s.documentRequests).values(
    inscriptions.slice(20, 25).map((ins, i) => ({
      studentId: ins.student.id,
      typeId: [1, 2, 4][i % 3]!,
      periodId: academics.currentPeriodId,
      status: i < 3 ? "pending" : "generated",
      generatedAt: i < 3 ? null : now,
      handledByUserId: i < 3 ? null : admin,
    })),
  );
}
