import { expect } from 'vitest';
import type { AdminRun } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildCast, type Cast } from '../support/projects';

/** One project with its team, a super admin among them: what every admin script test starts from. */
export interface AdminScriptsFixture {
  t: TestApp;
  cast: Cast;
}

export async function buildAdminScriptsFixture(): Promise<AdminScriptsFixture> {
  const t = await buildIdentityApp();
  const cast = await buildCast(t.app);
  return { t, cast };
}

/** The calls admin script tests make, bound to the file's fixture (read lazily: it exists after beforeAll). */
export function adminScriptCalls(fixture: () => AdminScriptsFixture) {
  const sa = () => fixture().cast.headers('SA');

  async function run(projectId: string, body: Record<string, unknown>): Promise<AdminRun> {
    const res = await fixture().t.app.inject({
      method: 'POST',
      url: `/api/projects/admin-scripts/${projectId}/runs`,
      headers: sa(),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(202);
    return finished(res.json<AdminRun>().id);
  }

  /** Polls the run until it ends, for at most 30 s (the job is picked up by the embedded worker). */
  async function finished(runId: string): Promise<AdminRun> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await fixture().t.app.inject({
        method: 'GET',
        url: `/api/projects/admin-scripts/runs/${runId}`,
        headers: sa(),
      });
      const body = res.json<AdminRun>();
      if (body.status === 'DONE' || body.status === 'FAILED' || Date.now() > deadline) return body;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  return { sa, run, finished };
}
