import { afterEach, describe, expect, it } from "vitest";
import i18n from "../i18n";
import { documentTypeName, notificationText } from "./notification-text";

afterEach(async () => {
  await i18n.changeLanguage("es");
});

/** The text as a reader of `lang` sees it. */
async function render(lang: "es" | "en", n: Parameters<typeof notificationText>[1]) {
  await i18n.changeLanguage(lang);
  return notificationText(i18n.t, n);
}

describe("system notifications in the reader's language", () => {
  const ready = {
    content:
      "Su constancia de notas está lista: la enviamos a su correo y puede descargarla en Solicitudes de documentos.",
    code: "document_ready",
    params: { document_type: 2, document_name: "Constancia de notas" },
  };

  it("renders a ready document with its type translated, and the same Spanish text the server stored", async () => {
    expect(await render("en", ready)).toBe(
      "Your grades certificate is ready: we sent it to your e-mail and you can download it in Document requests.",
    );
    expect(await render("es", ready)).toBe(ready.content);
    // A type of the school's own has no translation: its name is kept.
    expect(
      await render("en", { ...ready, params: { document_type: 9, document_name: "Carta de conducta" } }),
    ).toBe(
      "Your carta de conducta is ready: we sent it to your e-mail and you can download it in Document requests.",
    );
  });

  it("renders payments with the app's number and date formats", async () => {
    const approved = {
      content: "Su pago de 1.250,50 del 05/03/2026 fue aprobado. Ya puede descargar el recibo.",
      code: "payment_approved",
      params: { amount_e2: 125_050, date: "2026-03-05" },
    };
    expect(await render("es", approved)).toBe(approved.content);
    expect(await render("en", approved)).toBe(
      "Your payment of 1.250,50 made on 05/03/2026 was approved. You can now download the receipt.",
    );
    expect(
      await render("en", {
        content: "Ana Pérez reportó un pago de 125,00 (Zelle) pendiente de revisión.",
        code: "payment_reported",
        params: { student: "Ana Pérez", amount_e2: 12_500, method: 5 },
      }),
    ).toBe("Ana Pérez reported a payment of 125,00 (Zelle), pending review.");
    expect(
      await render("en", {
        content: "Su pago … fue rechazado.",
        code: "payment_rejected",
        params: { amount_e2: 12_500, date: "2026-03-05" },
      }),
    ).toMatch(/^Your payment of 125,00 made on 05\/03\/2026 was rejected\./);
  });

  it("renders an evaluation reminder (its code carries the period and teacher) and a failed backup", async () => {
    const reminder = {
      content:
        "Tiene evaluaciones del primer corte sin notas para algunos estudiantes: INF-S1A — Programación I (2 evaluaciones pendientes); INF-S1B — Cálculo (1 evaluación pendiente). Cárguelas en Mis lecciones.",
      code: "pending_evaluations_fc:p1:t5",
      params: {
        items: [
          ["INF-S1A", "Programación I", 2],
          ["INF-S1B", "Cálculo", 1],
        ],
      },
    };
    expect(await render("es", reminder)).toBe(reminder.content);
    expect(await render("en", reminder)).toBe(
      "You have first cut evaluations without grades for some students: INF-S1A — Programación I (2 pending evaluations); INF-S1B — Cálculo (1 pending evaluation). Enter them in My lessons.",
    );
    expect(
      await render("en", {
        content: "La copia de seguridad automática falló: disco lleno",
        code: "backup_failed",
        params: { trigger: "scheduled", reason: "disco lleno" },
      }),
    ).toBe("The scheduled backup failed: disco lleno");
  });

  it("shows the content as sent for people's messages, old rows without parameters and unusable parameters", async () => {
    expect(await render("en", { content: "Reunión el jueves", code: null, params: null })).toBe(
      "Reunión el jueves",
    );
    expect(
      await render("en", { content: "Su pago ha sido aprobado.", code: "payment_approved", params: null }),
    ).toBe("Su pago ha sido aprobado.");
    expect(
      await render("en", { content: "Su pago…", code: "payment_approved", params: { amount_e2: "mucho" } }),
    ).toBe("Su pago…");
    expect(await render("en", { content: "Otro aviso", code: "unknown_code", params: { a: 1 } })).toBe(
      "Otro aviso",
    );
  });
});

describe("document type names", () => {
  it("are the school's own in Spanish and the type number's translation in English", async () => {
    await i18n.changeLanguage("es");
    expect(documentTypeName(i18n.t, 1, "Constancia de estudios regulares")).toBe(
      "Constancia de estudios regulares",
    );
    await i18n.changeLanguage("en");
    expect(documentTypeName(i18n.t, 1, "Constancia de estudios regulares")).toBe("Study certificate");
    expect(documentTypeName(i18n.t, 4, "Carta de recomendación de egresado")).toBe(
      "Graduate recommendation letter",
    );
    // A type the school added has no translation: its name.
    expect(documentTypeName(i18n.t, 12, "Carta de buena conducta")).toBe("Carta de buena conducta");
  });
});
