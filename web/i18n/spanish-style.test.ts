import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

type Texts = { [key: string]: string | Texts };

function entries(texts: Texts, prefix = ""): [string, string][] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === "string"
      ? [[`${prefix}${key}`, value] as [string, string]]
      : entries(value, `${prefix}${key}.`),
  );
}

const spanish = ["es.json", "es-areas.json"].flatMap((name) =>
  entries(JSON.parse(readFileSync(path.join(__dirname, name), "utf8")) as Texts).map(
    ([key, text]) => [`${name} ${key}`, text] as const,
  ),
);

/** The sentences of a text (a question or exclamation is one). */
const sentences = (text: string) => text.split(/(?<=[.?!:])\s+/);

/** Words only the familiar form of address uses (DOMAIN.md: the app says "usted" to everyone). */
const familiar =
  /(?<![\p{L}{])(tu|tus|te|ti|contigo|tienes|puedes|quieres|debes|deseas|necesitas|estás|eres|olvidaste|recibirás|podrás|tendrás|verás|ingresarás)(?![\p{L}}])/iu;
/** Familiar imperatives that open a sentence ("Ingresa…", "Revisa…"). */
const familiarImperative =
  /^(Ingresa|Escribe|Elige|Selecciona|Revisa|Recarga|Vuelve|Intenta|Solicita|Busca|Agrega|Añade|Haz|Pulsa|Presiona|Descarga|Sube|Completa|Verifica|Comunícate|Contacta|Inicia|Cierra|Abre|Usa|Cambia|Prueba)\b/u;

describe("the Spanish texts", () => {
  it("open every question and exclamation (¿…? ¡…!)", () => {
    const wrong = spanish.filter(([, text]) =>
      sentences(text).some(
        (s) => (s.includes("?") && !s.includes("¿")) || (s.includes("!") && !s.includes("¡")),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it("address everyone as usted", () => {
    const wrong = spanish.filter(
      ([, text]) =>
        familiar.test(text) || sentences(text).some((s) => familiarImperative.test(s.replace(/^[¿¡]/, ""))),
    );
    expect(wrong).toEqual([]);
  });

  it("call a late arrival a retraso, as the attendance sheet does", () => {
    expect(spanish.filter(([, text]) => /retardo/i.test(text))).toEqual([]);
  });
});
