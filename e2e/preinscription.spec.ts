import type { Page } from "@playwright/test";
import { readOutbox } from "../server/mail/outbox";
import {
  expect,
  expectAccessible,
  loginThroughUi,
  loginViaApi,
  outboxDir,
  screenshot,
  test,
} from "./support";

/** A person nobody in the demo school is: a unique cédula and e-mail per run. */
const stamp = Date.now().toString().slice(-7);
const visitor = {
  firstName: "Valentina",
  lastName: `Quintero Prueba${stamp}`,
  identityDocument: `V-3${stamp}`,
  email: `valentina.${stamp}@correo.test`,
  password: "Valentina-2026*",
};

async function fillPreinscription(page: Page) {
  await page.getByRole("textbox", { name: /^Nombres/ }).fill(visitor.firstName);
  await page.getByRole("textbox", { name: /^Apellidos/ }).fill(visitor.lastName);
  await page.getByRole("textbox", { name: /^Cédula/ }).fill(visitor.identityDocument);
  await page.getByLabel(/^Fecha de nacimiento/).fill("2008-09-21");
  await page.getByRole("radio", { name: "Femenino" }).check();
  await page.getByRole("textbox", { name: /^Correo electrónico/ }).fill(visitor.email);
  await page.getByRole("textbox", { name: /^Teléfono/ }).fill("0412-5551234");
  await page.getByRole("textbox", { name: /^Dirección/ }).fill("Calle 5, Maracay");
  await page.getByRole("combobox", { name: /^Especialidad deseada/ }).click();
  await page.getByRole("option").first().click();
  await page.getByRole("textbox", { name: /^Instagram/ }).fill("@valentina");
}

test.describe
  .serial("pre-inscription", () => {
    test("a visitor pre-registers from the login page", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("link", { name: "Preinscripción" }).click();
      await expect(page).toHaveURL(/\/preinscription$/);
      await expect(page.getByRole("heading", { name: "Preinscripción" })).toBeVisible();
      await expect(
        page.getByText(/Complete sus datos para solicitar un cupo en el período \d{4}-\d/),
      ).toBeVisible();
      await expectAccessible(page, "formulario de preinscripción");

      // Nothing filled in: Spanish messages, nothing sent.
      await page.getByRole("button", { name: "Enviar preinscripción" }).click();
      await expect(page.getByText("El campo nombre es obligatorio.")).toBeVisible();

      await fillPreinscription(page);
      await screenshot(page, "preinscription-form", { fullPage: true });
      await page.getByRole("button", { name: "Enviar preinscripción" }).click();
      await expect(page.getByRole("heading", { name: "Preinscripción enviada" })).toBeVisible();
      await expect(page.getByText(/Su preinscripción fue recibida/)).toBeVisible();
      await expectAccessible(page, "preinscripción enviada", "enviada");

      // The same person again: the same answer as anyone gets (the public form tells no one who is on
      // file); the second one is not stored (the admin's list shows one row, next test).
      await page.goto("/preinscription");
      await fillPreinscription(page);
      await page.getByRole("button", { name: "Enviar preinscripción" }).click();
      await expect(page.getByRole("heading", { name: "Preinscripción enviada" })).toBeVisible();
      await expect(page.getByText(/Ya existe/)).toHaveCount(0);
    });

    test("an admin approves and inscribes them; the new student confirms the account from the e-mail and sees the inscription", async ({
      page,
    }) => {
      await loginViaApi(page, "admin", "/inscriptions");
      // The list is the "Preinscritos" tab of the inscriptions page.
      await page.getByRole("tab", { name: "Preinscritos" }).click();
      const list = page.getByRole("region", { name: "Preinscritos" });
      await expect(list.getByRole("table")).toBeVisible();
      await list.getByRole("searchbox", { name: "Buscar..." }).fill(visitor.lastName);
      const row = list.getByRole("row").filter({ hasText: visitor.identityDocument });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Pendiente");
      await expectAccessible(page, "preinscritos", "pestaña Preinscritos");

      await row.getByRole("button", { name: "Detalles" }).click();
      const details = page.getByRole("dialog", { name: `${visitor.firstName} ${visitor.lastName}` });
      await expect(details).toContainText("@valentina");
      await expectAccessible(page, "detalle de la preinscripción");
      await details.getByRole("button").first().click();
      await expect(details).toBeHidden();

      await row.getByRole("button", { name: "Aprobar" }).click();
      const ask = page.getByRole("dialog", { name: "¿Aprobar?" });
      await expect(ask).toContainText("Esta acción requiere confirmación");
      await expectAccessible(page, "¿Aprobar?");
      await ask.getByRole("button", { name: "Sí" }).click();
      const offer = page.getByRole("dialog", { name: "Preinscripción aprobada" });
      await expect(offer).toContainText(`Se creó la cuenta de ${visitor.firstName} ${visitor.lastName}`);
      await expectAccessible(page, "preinscripción aprobada");
      // Inscribed straight away (/inscriptions/{preinscription_id}): the system picks a section with a seat.
      await offer.getByRole("button", { name: "Inscribir ahora" }).click();
      await expect(page).toHaveURL(/\/inscriptions\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name: "Inscribir preinscrito" })).toBeVisible();
      await expect(
        page.getByText(`${visitor.firstName} ${visitor.lastName}, cédula ${visitor.identityDocument}`),
      ).toBeVisible();
      await expectAccessible(page, "inscribir preinscrito");
      await page.getByRole("button", { name: "Inscribir", exact: true }).click();
      await expect(
        page.getByRole("heading", { name: `${visitor.firstName} ${visitor.lastName} quedó inscrita` }),
      ).toBeVisible();
      await screenshot(page, "preinscription-inscribed", { fullPage: true });

      // The confirmation e-mail is in the outbox; its link lets the student choose a password and log in.
      // (The second pre-inscription of the first test told the address's owner by e-mail; this is the other.)
      const confirmations = async () =>
        (await readOutbox(outboxDir())).filter(
          (m) => m.to.includes(visitor.email) && m.subject === "Confirme su cuenta",
        );
      await expect.poll(async () => (await confirmations()).length).toBe(1);
      const [mail] = await confirmations();
      const link = new URL(mail!.link!);

      await page.getByRole("button", { name: "Menú de usuario" }).click();
      await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
      await expect(page).toHaveURL(/\/(login)?$/);
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill(visitor.password);
      await page.getByRole("textbox", { name: "Confirmar contraseña", exact: true }).fill(visitor.password);
      await page.getByRole("button", { name: "Confirmar cuenta" }).click();
      await expect(page.getByText("Su cuenta ha sido confirmada")).toBeVisible();
      await page.goto("/");
      await loginThroughUi(page, visitor.email, visitor.password);
      await expect(page).toHaveURL(/\/home$/);

      // Their inscription, from the profile page.
      await page.getByRole("button", { name: "Menú de usuario" }).click();
      await page.getByRole("menuitem", { name: "Perfil" }).click();
      await page.getByRole("link", { name: "Mis inscripciones" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Mis inscripciones" })).toBeVisible();
      await expect(page.getByRole("heading", { name: /^Período \d{4}-\d$/ })).toHaveCount(1);
      await expectAccessible(page, "mis inscripciones");
    });
  });
