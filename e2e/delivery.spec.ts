import type { Page } from "@playwright/test";
import { expect, expectAccessible, loginViaApi, test } from "./support";

/** Collects the page's Content-Security-Policy violations (a refused style or script). */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI || "inline"}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe("entrega: cabeceras, CSP y caché", () => {
  test("la página de inicio de sesión llega con su política y los estilos de Mantine pasan con el nonce", async ({
    page,
  }) => {
    const violations = await recordCspViolations(page);
    const answer = await page.goto("/login");
    const headers = answer!.headers();
    expect(headers["content-security-policy"]).toMatch(/style-src 'self' 'nonce-[^']+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["cache-control"]).toBe("no-cache");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();

    // Mantine's <style> elements carry the answer's nonce, so their variables apply (the theme's gray 6).
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"]!)![1];
    const styleNonces = await page
      .locator("style")
      .evaluateAll((els) => els.map((el) => (el as HTMLStyleElement).nonce));
    expect(styleNonces.length).toBeGreaterThan(0);
    expect(new Set(styleNonces)).toEqual(new Set([nonce]));
    const gray6 = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--mantine-color-gray-6").trim(),
    );
    expect(gray6).toBe("#666d75");
    expect(await violations()).toEqual([]);
  });

  test("los archivos con hash van comprimidos y en caché por un año; el área con sesión no rompe la CSP", async ({
    page,
  }) => {
    const violations = await recordCspViolations(page);
    const assets: { url: string; cache?: string; encoding?: string }[] = [];
    page.on("response", (r) => {
      if (new URL(r.url()).pathname.startsWith("/assets/")) {
        const h = r.headers();
        assets.push({ url: r.url(), cache: h["cache-control"], encoding: h["content-encoding"] });
      }
    });
    await loginViaApi(page, "admin", "/classrooms");
    await expect(page.getByRole("heading", { level: 1, name: "Listado de aulas" })).toBeVisible();
    await expectAccessible(page, "listado de aulas");
    // A dialog locks the page's scroll with a <style> of its own: it must carry the nonce too.
    await page
      .getByRole("row")
      .filter({ hasText: "A-101" })
      .getByRole("button", { name: "Eliminar" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Eliminar aula" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "No", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset.cache, asset.url).toBe("public, max-age=31536000, immutable");
      if (/\.(js|css)$/.test(asset.url)) expect(asset.encoding, asset.url).toMatch(/^(br|gzip)$/);
    }
    expect(await violations()).toEqual([]);
  });

  test("la documentación de la API se muestra con la misma política", async ({ page }) => {
    const violations = await recordCspViolations(page);
    await page.goto("/api/docs");
    // Swagger UI draws the page from the whole OpenAPI document: a busy machine may take a while.
    await expect(page.getByText("Aula: API de administración académica")).toBeVisible({ timeout: 30_000 });
    expect(await violations()).toEqual([]);
  });
});
