import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './processes';

// CI builds no image (no container engine, and no time for it: scripts/container/check.sh builds and runs it by
// hand), so this checks what would break it silently: every setting compose gives the API is one the API reads, and
// every path and command names what the build makes.
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { disable?: boolean };
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const dockerfile = read('Dockerfile');
const caddyfile = read('deploy/Caddyfile');
const apiServices = ['api-a', 'api-b', 'worker'];

/** The variables of config.ts's schema: the keys of `const envSchema = z.object({ ... })`. */
function configVariables(): Set<string> {
  const source = read('apps/api/src/config.ts');
  const body = source.slice(
    source.indexOf('const envSchema = z.object({'),
    source.indexOf('\n});', source.indexOf('const envSchema')),
  );
  return new Set([...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!));
}

/** Compose's own `${NAME:-default}` and `${NAME:?message}`, filled as a complete .env file would fill them. */
function interpolated(text: string): string {
  return text.replace(/\$\{(\w+)(:[-?])([^}]*)\}/g, (_all, name: string, operator: string, rest: string) =>
    operator === ':-' ? rest : `value-of-${name}`,
  );
}

describe('the container recipe', () => {
  it('is a valid compose file by the Compose Specification schema', () => {
    // compose-spec/compose-spec's schema/compose-spec.json (commit a08f8d5), kept beside this test: `docker compose
    // config` needs the compose plugin, which CI does not have.
    const schema = JSON.parse(read('scripts/cluster/compose-spec.schema.json')) as Record<string, unknown>;
    delete schema.$schema;
    const validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
    const valid = validate(parse(interpolated(read('compose.yaml')), { merge: true }));
    expect(validate.errors ?? [], 'schema errors').toEqual([]);
    expect(valid).toBe(true);
  });

  it('gives the API instances and the worker only settings config.ts reads, and the production ones it requires', () => {
    const known = configVariables();
    expect(known.has('DATABASE_URL')).toBe(true);
    for (const name of apiServices) {
      const service = compose.services[name]!;
      expect(service.build, name).toBe('.');
      const unknown = Object.keys(service.environment ?? {}).filter((variable) => !known.has(variable));
      expect(unknown, `${name}: settings config.ts does not read`).toEqual([]);
      expect(service.environment).toMatchObject({
        NODE_ENV: 'production',
        JOBS_WORKERS: 'off',
        TRUST_PROXY: 'true',
      });
      expect(service.environment!.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?/);
    }
  });

  it('starts the API and the worker from files the build makes, with the start script’s Node flags', () => {
    const tsup = read('apps/api/tsup.config.ts');
    const entries = [...tsup.matchAll(/^\s+'?([\w-]+)'?: 'src\//gm)].map((match) => match[1]);
    expect(entries).toEqual(expect.arrayContaining(['main', 'worker']));
    const startScript = (JSON.parse(read('apps/api/package.json')) as { scripts: { start: string } }).scripts
      .start;
    const flags = startScript.split(' ').filter((word) => word.startsWith('--'));
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(cmd).toEqual(['node', ...flags, 'apps/api/dist/main.js']);
    expect(compose.services.worker!.command).toEqual(['node', 'apps/api/dist/worker.js']);
    expect(compose.services.worker!.healthcheck).toEqual({ disable: true });
  });

  it('runs as a non-root user, checks the liveness route, and leaves local build output out of the context', () => {
    expect(dockerfile).toMatch(/^FROM \$\{NODE_IMAGE\} AS build$/m);
    // A `# syntax=` line makes BuildKit fetch a frontend image from Docker Hub before building anything.
    expect(dockerfile).not.toMatch(/^# *syntax=/m);
    expect(dockerfile).toMatch(/^RUN npm ci /m);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [^\n]*\n[^\n]*\/api\/health/m);
    expect(read('apps/api/src/modules/health/routes.ts')).toContain("'/health',");
    expect(read('.dockerignore').split('\n')).toEqual(
      expect.arrayContaining(['**/node_modules', '**/dist', 'data']),
    );
  });

  it('starts one instance first (migrations, first admin), then the rest, behind a balancer over both instances', () => {
    expect(compose.services['api-a']!.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
    });
    for (const name of ['api-b', 'worker']) {
      expect(compose.services[name]!.depends_on, name).toEqual({ 'api-a': { condition: 'service_healthy' } });
    }
    expect(compose.services.postgres!.image).toMatch(/^postgres:17/);
    expect(caddyfile).toMatch(/reverse_proxy api-a:3000 api-b:3000 \{/);
    expect(caddyfile).toMatch(/lb_policy round_robin/);
    expect(caddyfile).toMatch(/health_uri \/api\/health/);
    expect(dockerfile).toMatch(/PORT=3000/);
  });
});
