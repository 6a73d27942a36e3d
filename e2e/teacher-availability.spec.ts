import { expect, expectAccessible, loginViaApi, storedSession, test } from "./support";

type ClassHour = { id: number; start_time: string; end_time: string };

test.describe("disponibilidad de un profesor", () => {
  test("el administrador marca dos horas no disponibles, guarda y las ve al volver; en un teléfono, día por día", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginViaApi(page, "admin", "/teachers");
    const headers = { authorization: `Bearer ${(await storedSession(page))!.token}` };
    const found = await page.request.get("/api/teachers?search=profesor2@demo.edu.ve", { headers });
    expect(found.status()).toBe(200);
    const teacher = (
      (await found.json()) as { data: { id: number; first_name: string; last_name: string }[] }
    ).data[0]!;
    const url = `/api/teachers/${teacher.id}/unavailability`;
    const week = (await (await page.request.get(url, { headers })).json()) as {
      data: { slots: unknown[]; class_hours: ClassHour[] };
    };
    expect(week.data.slots).toEqual([]);
    const [first, second] = week.data.class_hours;
    const slot = (day: string, hour: ClassHour) =>
      page.getByRole("button", { name: `${day} ${hour.start_time}–${hour.end_time}: no disponible` });

    try {
      await page.goto(`/teachers/${teacher.id}`);
      await page.getByRole("tab", { name: "Disponibilidad" }).click();
      await expect(page).toHaveURL(new RegExp(`/teachers/${teacher.id}/availability$`));
      const grid = page.getByRole("table", {
        name: `Disponibilidad semanal de ${teacher.first_name} ${teacher.last_name}`,
      });
      await expect(grid).toBeVisible();
      await expect(page.getByText("Disponible en todas las horas de la semana.")).toBeVisible();

      await slot("Lunes", first!).click();
      await slot("Miércoles", second!).click();
      await expect(slot("Lunes", first!)).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByText("2 horas no disponibles en la semana.")).toBeVisible();
      await expectAccessible(page, "disponibilidad del profesor");
      await page.getByRole("button", { name: "Guardar" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Disponibilidad guardada." })).toBeVisible();

      await page.reload();
      await expect(slot("Lunes", first!)).toHaveAttribute("aria-pressed", "true");
      await expect(slot("Miércoles", second!)).toHaveAttribute("aria-pressed", "true");
      await expect(slot("Lunes", second!)).toHaveAttribute("aria-pressed", "false");
      await expect(page.getByRole("button", { name: "Guardar" })).toBeDisabled();

      // A phone: one day at a time, the grid never wider than the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole("tab", { name: "Lunes" })).toBeVisible();
      await expect(slot("Lunes", first!)).toHaveAttribute("aria-pressed", "true");
      await page.getByRole("tab", { name: "Miércoles" }).click();
      await expect(slot("Miércoles", second!)).toHaveAttribute("aria-pressed", "true");
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page, "disponibilidad del profesor en un teléfono");
    } finally {
      // Later journeys on this server (the timetable generator's) start from a teacher always available.
      await page.request.put(url, { headers, data: { slots: [] } });
    }
  });
});
