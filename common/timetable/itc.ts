import type { Lecture, TimetableInstance } from "./model.js";

/** Reads an instance of the ITC-2007 curriculum-based course timetabling track (the .ctt format). */
export function parseItc(text: string): TimetableInstance {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const header = new Map<string, string>();
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "COURSES:") break;
    const match = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (match) header.set(match[1]!, match[2]!);
  }
  const number = (key: string): number => {
    const value = Number(header.get(key));
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`ITC header "${key}" is missing or not a number`);
    return value;
  };
  const instance: TimetableInstance = {
    name: header.get("Name") ?? "",
    days: number("Days"),
    periodsPerDay: number("Periods_per_day"),
    rooms: [],
    courses: [],
    curricula: [],
    unavailable: [],
  };
  let section = "";
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "" || line === "END.") continue;
    if (/^[A-Z_]+:$/.test(line)) {
      section = line;
      continue;
    }
    const fields = line.split(/\s+/);
    const int = (k: number): number => {
      const value = Number(fields[k]);
      if (!Number.isInteger(value)) throw new Error(`ITC line "${line}": field ${k + 1} is not a number`);
      return value;
    };
    switch (section) {
      case "COURSES:":
        instance.courses.push({
          id: fields[0]!,
          teachers: [fields[1]!],
          lectures: int(2),
          minWorkingDays: int(3),
          students: int(4),
        });
        break;
      case "ROOMS:":
        instance.rooms.push({ id: fields[0]!, capacity: int(1) });
        break;
      case "CURRICULA:":
        instance.curricula.push({ id: fields[0]!, courses: fields.slice(2, 2 + int(1)) });
        break;
      case "UNAVAILABILITY_CONSTRAINTS:":
        instance.unavailable.push({ course: fields[0]!, day: int(1), period: int(2) });
        break;
      default:
        throw new Error(`ITC line outside a known section: "${line}"`);
    }
  }
  const expected: [string, number][] = [
    ["Courses", instance.courses.length],
    ["Rooms", instance.rooms.length],
    ["Curricula", instance.curricula.length],
  ];
  for (const [key, count] of expected) {
    if (header.has(key) && number(key) !== count) {
      throw new Error(`ITC header says ${key}: ${number(key)} but the file lists ${count}`);
    }
  }
  return instance;
}

/** One line per lecture: `course room day period`. */
export function formatItcSolution(lectures: Lecture[]): string {
  return lectures.map((l) => `${l.course} ${l.room} ${l.day} ${l.period}\n`).join("");
}

export function parseItcSolution(text: string): Lecture[] {
  const lectures: Lecture[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") continue;
    const [course, room, day, period] = line.split(/\s+/);
    if (period === undefined || !/^\d+$/.test(day!) || !/^\d+$/.test(period)) {
      throw new Error(`Solution line "${line}" is not "course room day period"`);
    }
    lectures.push({ course: course!, room: room!, day: Number(day), period: Number(period) });
  }
  return lectures;
}
