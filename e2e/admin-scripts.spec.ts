import { expectAccessible } from './support/axe';
import { expect, signInViaUi, test } from './support/fixtures';
import { accessTokenOf, makeJpeg, seedCandidate, uploadThroughApi } from './support/media';
import { apiAs, fullName, PASSWORD, person, signUpConfirmed } from './support/projects';

/**
 * A super admin, working in an office that grants support access, opens a project's admin scripts, reprocesses its
 * failed media and sees the result, then recounts the project; the upload failures browsers reported for the project
 * are listed there too. The failed item is a truncated JPEG: it passes the upload's content check and fails
 * conversion, as a damaged camera file does.
 */
test.describe('admin scripts', () => {
  test('a super admin reprocesses failed media and sees the result', async ({ page, request, admin }) => {
    test.setTimeout(180_000);
    const director = person('Rhea', 'Maintain');
    await signUpConfirmed(request, director);
    const api = await apiAs(request, director);
    const seeded = await seedCandidate(api, 'Odile', 'Brûlé');
    const token = await accessTokenOf(request, director);
    const broken = (await makeJpeg()).subarray(0, 400);
    await uploadThroughApi(request, token, seeded, 'damaged.jpg', broken, 'image/jpeg');
    await expect
      .poll(
        async () => {
          const list = await request.get(`/api/applicants/${seeded.applicantId}/media`, {
            headers: { Authorization: `Bearer ${token}` },
            params: { projectId: seeded.projectId },
          });
          const body = (await list.json()) as { items: { status: string }[] };
          return body.items[0]?.status;
        },
        { timeout: 60_000 },
      )
      .toBe('FAILED');

    // A browser of the team reported a failed upload: the page lists it for the super admin.
    const reported = await request.post('/api/media-management/upload-failed', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        projectId: seeded.projectId,
        error: 'Upload incomplete - some chunks failed',
        context: { fileName: 'selftape.mp4' },
      },
    });
    expect(reported.status()).toBe(201);

    // The operator reaches an office's projects only while the office grants support access, from the offices page.
    await api('POST', '/offices/current/support-access', { hours: 1 });
    await signInViaUi(page, admin.email, admin.password);
    await page.goto('/operator/offices');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Any status' }).click();
    const office = page
      .getByRole('listitem', { name: fullName(director) })
      .filter({ hasText: director.email });
    await expect(office.getByText(/^Grants you support access until/)).toBeVisible();
    await office.getByRole('button', { name: `Work in this office: ${fullName(director)}` }).click();
    await expect(
      page.getByText(`You are working in ${fullName(director)} with its owners’ rights`),
    ).toBeVisible();
    await page.goto(`/projects/overview/${seeded.projectId}`);
    await page
      .getByRole('navigation', { name: 'Project navigation' })
      .getByRole('link', { name: 'Admin scripts' })
      .click();
    await expect(page.getByRole('heading', { name: 'Admin scripts' })).toBeVisible();
    const failures = page.getByRole('region', { name: 'Upload failures', exact: true });
    await expect(failures.getByText('selftape.mp4')).toBeVisible();
    await expect(failures.getByText('Upload incomplete - some chunks failed')).toBeVisible();
    await expectAccessible(page, 'admin scripts');

    await page.getByRole('button', { name: 'Run: Reprocess failed media' }).click();
    const reprocess = page.getByRole('listitem', { name: 'Reprocess failed media run' }).first();
    await expect(reprocess.getByText('Done')).toBeVisible({ timeout: 30_000 });
    await expect(reprocess.getByText('requeued: 1')).toBeVisible();

    await page.getByRole('button', { name: 'Run: Recount folders and candidates' }).click();
    const recount = page.getByRole('listitem', { name: 'Recount folders and candidates run' }).first();
    await expect(recount.getByText('Done')).toBeVisible({ timeout: 30_000 });
    await expect(recount.getByText(/candidates: 1/)).toBeVisible();

    // Leaving the office: the session is back in the operator's own, and the way in is offered again.
    await page.goto('/operator/offices');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Any status' }).click();
    await office.getByRole('button', { name: `Leave this office: ${fullName(director)}` }).click();
    await expect(page.getByText(`You left ${fullName(director)}`)).toBeVisible();
    await expect(
      office.getByRole('button', { name: `Work in this office: ${fullName(director)}` }),
    ).toBeVisible();
  });

  test('the page and its navigation entry are for super admins only', async ({ page, request }) => {
    const director = person('Dario', 'Notadmin');
    await signUpConfirmed(request, director);
    const api = await apiAs(request, director);
    const seeded = await seedCandidate(api, 'Ines', 'Ortega');
    await signInViaUi(page, director.email, PASSWORD);
    await page.goto(`/projects/overview/${seeded.projectId}`);
    await expect(
      page.getByRole('navigation', { name: 'Project navigation' }).getByRole('link', { name: 'Overview' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin scripts' })).toHaveCount(0);
    await page.goto(`/projects/admin-scripts/${seeded.projectId}`);
    await expect(page).toHaveURL(/\/projects$/);
  });
});
