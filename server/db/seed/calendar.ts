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
