import { describe, expect, it } from "vitest";
import { routeAccess } from "../../common/access";
import { Role } from "../../common/roles";
import i18n from "../i18n";
import { sidebarFor, sidebarGroups, topItems } from "./sidebar-items";

const t = (key: string) => i18n.t(key, { lng: "es" });
const view = (type: number) => {
  const { top, groups } = sidebarFor(type, t);
  return {
    top: top.map((i) => i.label),
    groups: Object.fromEntries(groups.map((g) => [g.label, g.items.map((i) => i.label)])),
  };
};

const adminAcademic = [
  "Aulas",
  "Biblioteca virtual",
  "Bitácoras",
  "Cronograma de actividades",
  "Días feriados",
  "Entregas finales",
  "Especialidades",
  "Horarios",
  "Horas de clase",
  "Materias",
  "Notificaciones",
  "Pagos",
  "Pensums",
  "Períodos",
  "Prelaciones",
  "Secciones",
  "Solicitudes de documentos",
];

describe("sidebar per role (spec.md §2 Layout)", () => {
  it("admin", () => {
    expect(view(Role.admin)).toEqual({
      top: ["Inicio"],
      groups: {
        Personal: ["Administradores", "Coordinadores", "Estudiantes", "Profesores"],
        Inscripciones: ["Inscripciones", "Reincorporaciones", "Retiros"],
        Académico: adminAcademic,
      },
    });
  });

  it("god sees what admin sees", () => {
    expect(view(Role.god)).toEqual(view(Role.admin));
  });

  it("low admin: no administrators, no inscriptions group", () => {
    expect(view(Role.lowAdmin)).toEqual({
      top: ["Inicio"],
      groups: { Personal: ["Coordinadores", "Estudiantes", "Profesores"], Académico: adminAcademic },
    });
  });

  it("coordinator", () => {
    expect(view(Role.coordinator)).toEqual({
      top: ["Inicio", "Mi horario", "Mis lecciones"],
      groups: {
        Personal: ["Coordinadores", "Estudiantes", "Profesores"],
        Académico: [
          "Biblioteca virtual",
          "Bitácoras",
          "Cronograma de actividades",
          "Días feriados",
          "Entregas finales",
          "Notificaciones",
          "Prelaciones",
          "Secciones",
        ],
      },
    });
  });

  it("teacher", () => {
    expect(view(Role.teacher)).toEqual({
      top: ["Inicio", "Mi horario", "Mis lecciones"],
      groups: {
        Personal: ["Estudiantes"],
        Académico: [
          "Biblioteca virtual",
          "Bitácoras",
          "Cronograma de actividades",
          "Días feriados",
          "Entregas finales",
          "Notificaciones",
          "Prelaciones",
        ],
      },
    });
  });

  it("student: no personal group", () => {
    expect(view(Role.student)).toEqual({
      top: ["Inicio", "Mi horario"],
      groups: {
        Académico: [
          "Biblioteca virtual",
          "Bitácoras",
          "Cronograma de actividades",
          "Días feriados",
          "Entregas finales",
          "Notificaciones",
          "Prelaciones",
          "Solicitudes de documentos",
        ],
      },
    });
  });

  it("Retiros (/withdrawals) only for administrators, in the Inscripciones group (issue 26)", () => {
    const withdrawals = (type: number) =>
      sidebarFor(type, t).groups.flatMap((g) => g.items.map((i) => `${g.key} ${i.path} ${i.label}`));
    for (const type of [Role.admin, Role.god])
      expect(withdrawals(type)).toContain("inscriptions /withdrawals Retiros");
    for (const type of [Role.lowAdmin, Role.coordinator, Role.teacher, Role.student])
      expect(withdrawals(type).filter((x) => x.includes("/withdrawals"))).toEqual([]);
  });

  it("the configuration group never shows", () => {
    for (const type of Object.values(Role)) {
      expect(sidebarFor(type, t).groups.map((g) => g.key)).not.toContain("configuration");
    }
  });

  it("every link points to a declared route", () => {
    const paths = [...topItems, ...sidebarGroups.flatMap((g) => g.items)].map((i) => i.path);
    for (const path of paths) expect(routeAccess).toHaveProperty([path]);
  });
});

describe("sidebar and route guards agree", () => {
  it("no visible link leads to access denied", async () => {
    const { access } = await import("../../common/access");
    const { hasRole } = await import("../../common/roles");
    for (const type of Object.values(Role)) {
      const { top, groups } = sidebarFor(type, t);
      for (const item of [...top, ...groups.flatMap((g) => g.items)]) {
        const rule = routeAccess[item.path]!;
        expect(hasRole(type, access[rule]), `${type} ${item.path}`).toBe(true);
      }
    }
  });
});
