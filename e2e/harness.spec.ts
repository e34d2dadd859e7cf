import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';

// The accessibility gate guards every journey, so it is itself checked against pages with known faults.
test.describe('expectAccessible', () => {
  test('fails on critical and serious violations, naming rule, impact, help and target', async ({ page }) => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>Faulty</title></head><body>
      <main><h1>Faulty page</h1>
        <img id="portrait" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
        <p id="faint" style="color:#eeeeee;background:#ffffff">Barely readable text</p>
      </main></body></html>`);

    const failure = expectAccessible(page, 'faulty page');

    await expect(failure).rejects.toThrow(
      /2 serious or critical accessibility violation\(s\) on faulty page/,
    );
    await expect(failure).rejects.toThrow(/- image-alt \[critical\]: Images must have alternative text/);
    await expect(failure).rejects.toThrow(/at #portrait/);
    await expect(failure).rejects.toThrow(/- color-contrast \[serious\]: .*\n.*\n\s+at #faint/);
  });

  test('passes a page whose only WCAG finding is minor, and attaches the finding to the report', async ({
    page,
  }) => {
    // A deprecated ARIA role is a WCAG 2.0 A finding that axe rates minor.
    await page.setContent(`<!doctype html><html lang="en"><head><title>Minor</title></head><body>
      <main><h1>Minor finding</h1>
        <div role="directory">Studio directory</div>
      </main></body></html>`);

    await expectAccessible(page, 'minor page');

    const attachment = test.info().attachments.find(({ name }) => name === 'axe violations (minor page)');
    expect(attachment?.body?.toString()).toContain('"id": "aria-deprecated-role"');
  });
});
