import { describe, expect, it } from "vitest";
import { auditActions, auditEntityTypes } from "../../../common/schemas/audit";
import i18n from "../../i18n";
import { actionLabel, entityLabel } from "./audit-format";

describe("audit labels", () => {
  it.each(["es", "en"])("names every action and kind of record the server writes (%s)", async (lang) => {
    await i18n.changeLanguage(lang);
    const t = i18n.getFixedT(lang);
    for (const action of auditActions) expect(actionLabel(t, action), action).not.toBe(action);
    for (const entity of auditEntityTypes) expect(entityLabel(t, entity), entity).not.toBe(entity);
    await i18n.changeLanguage("es");
  });

  it("reads a payment's approval in Spanish", () => {
    expect(actionLabel(i18n.getFixedT("es"), "payment.approved")).toBe("Pago aprobado");
  });
});
