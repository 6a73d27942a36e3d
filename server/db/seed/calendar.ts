import type { DbOrTx } from "../client.js";
import * as s from "../schema/index.js";
import type { SeededAcademics } from "./academics.js";
import { day } from "./random.js";

/** Venezuelan national holidays of a year, with the movable Carnival and Holy Week. */
function holidaysOf(year: number) {
  const easter = day.easter(year);
  const fixed: [string, string][] = [
    ["01-01", "Año Nuevo"],
    ["04-19", "Declaración de la Independencia"],
    ["05-01", "Día del Trabajador"],
    ["06-24", "Batalla de Carabobo"],
    ["07-05", "Día de la Independencia"],
    ["07-24", "Natalicio del Libertador Simón Bolívar"],
    ["10-12", "Día de la Resistencia Indígena"],
    ["12-24", "Nochebuena"],
    ["12-25", "Navidad"],
    ["12-31", "Fin de año"],
  ];
  return [
    ...fixed.map(([md, description]) => ({
      startDate: `${year}-${md}`,
      endDate: `${year}-${md}`,
      description,
    })),
    { startDate: day.add(easter, -48), endDate: day.add(easter, -47), description: "Carnaval" },
    { startDate: day.add(easter, -3), endDate: day.add(easter, -2), description: "Semana Santa" },
  ];
}

/** Holidays of the periods' years and the activities calendar of both periods. */
export async function seedCalendar(db: DbOrTx, academics: SeededAcademics): Promise<Set<string>> {
  const { startDate, endDate } = academics.currentPeriod;
  const years = new Set([day.year(startDate), day.year(academics.nextPeriod.endDate)]);
  for (let y = Math.min(...years); y <= Math.max(...years); y++) years.add(y);
  const holidays = [...years].sort().flatMap(holidaysOf);
  await db.insert(s.holidays).values(holidays);

  const periodId = academics.currentPeriodId;
  const week = (n: number) => day.add(startDate, n * 7);
  await db.insert(s.activities).values([
    {
      periodId,
      title: "Inicio de clases",
      description: "Bienvenida a estudiantes nuevos y regulares",
      startDate,
      endDate: startDate,
      color: "#2f9e44",
    },
    {
      periodId,
      title: "Jornada deportiva",
      description: "Torneo interno de fútbol sala y voleibol",
      observation: "Asistir con ropa deportiva",
      startDate: day.add(week(3), 4),
      endDate: day.add(week(3), 4),
      color: "#1971c2",
    },
    {
      periodId,
      title: "Primer corte de notas",
      description: "Cierre de evaluaciones del primer corte",
      startDate: day.add(week(8), -5),
      endDate: day.add(week(8), -3),
      color: "#e8590c",
    },
    {
      periodId,
      title: "Feria científica",
      description: "Exposición de proyectos de Informática y Administración",
      observation: "Auditorio principal",
      startDate: day.add(week(11), 2),
      endDate: day.add(week(11), 3),
      color: "#9c36b5",
    },
    {
      periodId,
      title: "Segundo corte de notas",
      description: "Cierre de evaluaciones del segundo corte",
      startDate: day.add(endDate, -4),
      endDate,
      color: "#e8590c",
    },
    // A month of school life around today (the current period began six weeks ago): the calendar of
    // the month shown first is full, with one- and several-day activities.
    ...[
      [
        35,
        0,
        "Reunión de representantes",
        "Entrega de avances del primer lapso",
        "Salón de usos múltiples",
        "#1971c2",
      ],
      [37, 1, "Semana de la lectura", "Lecturas en voz alta por sección", null, "#2f9e44"],
      [
        42,
        0,
        "Charla de orientación vocacional",
        "Invitados de universidades de la región",
        "Auditorio principal",
        "#0c8599",
      ],
      [
        44,
        0,
        "Simulacro de evacuación",
        "Práctica del plan de emergencias",
        "Seguir las indicaciones de los docentes",
        "#c92a2a",
      ],
      [
        46,
        2,
        "Jornada de vacunación",
        "Operativo del ambulatorio local",
        "Traer la tarjeta de vacunación",
        "#9c36b5",
      ],
      [
        51,
        0,
        "Consejo de docentes",
        "Revisión del rendimiento por sección",
        "Sin clases en la tarde",
        "#e8590c",
      ],
      [53, 0, "Olimpiadas de matemática", "Fase interna", null, "#1971c2"],
      [58, 1, "Festival cultural", "Música, teatro y danza de las secciones", "Patio central", "#2f9e44"],
      [
        63,
        0,
        "Visita guiada al museo",
        "Salida pedagógica de tercer semestre",
        "Autorización firmada del representante",
        "#0c8599",
      ],
    ].map(([offset, length, title, description, observation, color]) => ({
      periodId,
      title: title as string,
      description: description as string,
      observation: observation as string | null,
      startDate: day.add(startDate, offset as number),
      endDate: day.add(startDate, (offset as number) + (length as number)),
      color: color as string,
    })),
    {
      periodId: academics.nextPeriodId,
      title: "Inscripciones del próximo período",
      description: "Reinscripción de estudiantes regulares y nuevos ingresos",
      startDate: day.add(academics.nextPeriod.startDate, -14),
      endDate: day.add(academics.nextPeriod.startDate, -3),
      color: "#0c8599",
    },
  ]);
  const days = new Set<string>();
  for (const h of holidays) for (let d = h.startDate; d <= h.endDate; d = day.add(d, 1)) days.add(d);
  return days;
}
