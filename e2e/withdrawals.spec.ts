import { expect, expectAccessible, loginViaApi, screenshot, sidebar, test } from "./support";

test("an admin retires a student with the secure confirmation; the history is kept", async ({ page }) => {
  const { access_token } = await loginViaApi(page, "admin", "/withdrawals");
  const headers = { authorization: `Bearer ${access_token}` };
  const sections = (await (await page.request.get("/api/sections?limit=0", { headers })).json()) as {
    data: { id: number; code: string }[];
  };
  const section = sections.data.find((s) => s.code === "CB-S1B")!;
  const students = (await (
    await page.request.get(`/api/sections/${section.id}/students?limit=1`, { headers })
  ).json()) as { data: { first_name: string; last_name: string; identity_document: string }[] };
  const student = students.data[0]!;

  await expect(page.getByRole("heading", { name: "Retiros" })).toBeVisible();
  await expectAccessible(page, "/withdrawals");
  await page.getByRole("combobox", { name: "Estudiante" }).fill(student.identity_document);
  await page
    .getByRole("option", {
      name: `${student.last_name}, ${student.first_name} — ${student.identity_document}`,
    })
    .click();
  await expect(page.getByText(/Inscripción actual: CB-S1 de Ciclo básico, sección CB-S1B/)).toBeVisible();
  // In the basic cycle single courses are not withdrawn: the screen says so.
  await expect(page.getByText("En el ciclo básico no se retiran materias sueltas.")).toBeVisible();
  await expectAccessible(page, "/withdrawals (estudiante)", "estudiante elegido");

  await page.getByRole("button", { name: "Retirar estudiante" }).click();
  const dialog = page.getByRole("dialog", { name: "Retirar estudiante" });
  await expect(dialog.getByText("Para proceder, por favor ingrese el texto a continuación")).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Confirmar" });
  await expect(confirm).toBeDisabled();
  const code = (await dialog.getByTestId("secure-action-code").textContent()) ?? "";
  expect(code).toMatch(/^[A-Za-z0-9]{12}$/);
  await expectAccessible(page, "/withdrawals (confirmación)");
  await dialog.getByRole("textbox", { name: "Texto de confirmación" }).fill(code);
  await confirm.click();

  const name = `${student.first_name} ${student.last_name}`;
  await expect(page.getByText(new RegExp(`${name} quedó retirad[oa]`))).toBeVisible();
  await expect(page.getByText("Retirado", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Retirar estudiante" })).toBeDisabled();
  await screenshot(page, "withdrawals-retired", { fullPage: true });
  await expectAccessible(page, "/withdrawals (retirado)", "retirado");
});

test("Retiros is reached from the sidebar and from a student's page, with the student chosen (issue 26)", async ({
  page,
}) => {
  const { access_token } = await loginViaApi(page, "admin", "/home");
  const headers = { authorization: `Bearer ${access_token}` };
  await sidebar(page)
    .getByRole("region", { name: "Inscripciones" })
    .getByRole("link", { name: "Retiros" })
    .click();
  await expect(page).toHaveURL(/\/withdrawals$/);
  await expect(page.getByRole("heading", { name: "Retiros", level: 1 })).toBeVisible({ timeout: 30_000 });

  // INF-S1A of the current period (other periods have sections of that code too).
  const current = (await (await page.request.get("/api/enabled-period", { headers })).json()) as {
    data: { id: number };
  };
  const sections = (await (
    await page.request.get(`/api/sections?limit=0&period_id=${current.data.id}`, { headers })
  ).json()) as { data: { id: number; code: string }[] };
  const section = sections.data.find((s) => s.code === "INF-S1A")!;
  const students = (await (
    await page.request.get(`/api/sections/${section.id}/students?limit=1`, { headers })
  ).json()) as { data: { id: number; first_name: string; last_name: string; identity_document: string }[] };
  const student = students.data[0]!;
  await page.goto(`/students/${student.id}`);
  await page.getByRole("link", { name: "Retirar…" }).click();
  await expect(page).toHaveURL(new RegExp(`/withdrawals\\?student_id=${student.id}$`));
  await expect(page.getByRole("combobox", { name: "Estudiante" })).toHaveValue(
    `${student.last_name}, ${student.first_name} — ${student.identity_document}`,
  );
  await expect(page.getByText(/Inscripción actual: INF-S1 de Informática, sección INF-S1A/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Retirar estudiante" })).toBeEnabled();
  await expectAccessible(page, "/withdrawals?student_id", "estudiante desde su página");
});
