import { expect, test } from "@playwright/test";

// Without script the form is a plain HTML form: the server stores the message and answers with a
// redirect to the contact page, which shows the outcome. Each test speaks from its own address.
test.describe("the contact form without script", () => {
  test.use({ javaScriptEnabled: false });

  test("a complete message is stored and the page says it was sent", async ({ page }, info) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${10 + info.parallelIndex + (info.project.name === "phone" ? 0 : 50)}` });
    await page.goto(`${process.env.E2E_PLAIN_URL}/de/contact`);
    await expect(page.locator('[data-form-status="sent"]')).toBeHidden();
    await page.fill("#name", "Anna Schmidt");
    await page.fill("#phone", "+49 170 1234567");
    await page.fill("#message", "Mietwagen abgeschlossen, Schlüssel liegt drin.");
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.click("button[type=submit]")]);
    expect(response.status()).toBe(303);
    await expect(page).toHaveURL(/\/de\/contact(\?|$)/);
    await expect(page.locator('[data-form-status="sent"]')).toBeVisible();
    await expect(page.locator('[data-form-status="sent"]')).toContainText("Vielen Dank");
    await expect(page.locator("#name")).toHaveValue("");
  });

  test("a message the server refuses comes back with the reason and the visitor's text kept", async ({ page }, info) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${110 + info.parallelIndex + (info.project.name === "phone" ? 0 : 50)}` });
    await page.goto(`${process.env.E2E_PLAIN_URL}/en/contact`);
    await page.fill("#name", "   ");
    await page.fill("#phone", "+30 690 111 2222");
    await page.fill("#message", 'Locked out <script>alert("x")</script> near the port');
    await page.click("button[type=submit]");
    await expect(page).toHaveURL(/\/en\/contact(\?|$)/);
    const error = page.locator('[data-form-status="error"]');
    await expect(error).toBeVisible();
    await expect(error).toContainText("Please fill in your name, phone and message.");
    await expect(page.locator("#phone")).toHaveValue("+30 690 111 2222");
    await expect(page.locator("#message")).toHaveValue('Locked out <script>alert("x")</script> near the port');
    // The refused field says why next to it, is marked, and has the focus.
    await expect(page.locator("#name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#name")).toHaveAttribute("aria-describedby", "name-error");
    await expect(page.locator("#name-error")).toHaveText("Please enter your name.");
    await expect(page.locator("#name")).toBeFocused();
    for (const other of ["phone", "email", "message"]) {
      await expect(page.locator(`#${other}`)).not.toHaveAttribute("aria-invalid");
      await expect(page.locator(`#${other}-error`)).toHaveCount(0);
    }
  });

  test("a wrong e-mail address is marked at its field, in the page's language", async ({ page }, info) => {
    // The browser's own check stops a wrong address before it is sent; a client that skips it
    // (another browser, a script) is answered by the server, and the page marks the field.
    const address = `198.51.100.${30 + info.parallelIndex + (info.project.name === "phone" ? 0 : 50)}`;
    const answer = await page.request.post(`${process.env.E2E_PLAIN_URL}/send-mail.php`, {
      headers: { Accept: "text/html", "X-Forwarded-For": address },
      form: { name: "Claire", phone: "+33 6 12 34 56 78", email: "claire@", message: "Porte claquée, clés à l’intérieur.", honey: "", lang: "fr" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(303);
    await page.goto(`${process.env.E2E_PLAIN_URL}${answer.headers()["location"]}`);
    await expect(page.locator('[data-form-status="error"]')).toBeVisible();
    await expect(page.locator("#email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#email")).toHaveAttribute("aria-describedby", "email-error");
    await expect(page.locator("#email-error")).toHaveText("Veuillez saisir une adresse e-mail valide, ou laisser ce champ vide.");
    await expect(page.locator("#email")).toBeFocused();
    await expect(page.locator("#email")).toHaveValue("claire@");
    await expect(page.locator("#name")).not.toHaveAttribute("aria-invalid");
  });
});
