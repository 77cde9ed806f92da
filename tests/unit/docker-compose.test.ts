import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiEnvObject } from '@vault/api/env';
import { repoRoot } from '@vault/testing';
import { WorkerEnvSchema } from '@vault/worker/env';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// There is no Docker engine on our machines, so docker-compose.yml is kept honest by reading it.

interface ComposeService {
  image?: string;
  build?: { context: string; target: string };
  command?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
}
const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;
const readJson = (file: string) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8'));
const packageByName = new Map<string, { scripts?: Record<string, string> }>(
  ['apps', 'packages'].flatMap((dir) =>
    readdirSync(path.join(repoRoot, dir)).map((name) => {
      const manifest = readJson(`${dir}/${name}/package.json`);
      return [manifest.name as string, manifest] as const;
    }),
  ),
);
const envKeys = {
  api: Object.keys(ApiEnvObject.shape),
  worker: Object.keys(WorkerEnvSchema.shape),
};

describe('docker-compose.yml', () => {
  it('runs postgres 16, redis 7 with noeviction, api and worker replicas, and a proxy', () => {
    expect(services.postgres?.image).toBe('postgres:16');
    expect(services.redis?.image).toBe('redis:7');
    expect(services.redis?.command?.join(' ')).toContain('--maxmemory-policy noeviction');
    expect(services.api?.deploy?.replicas).toBeGreaterThan(1);
    expect(services.worker?.deploy?.replicas).toBeGreaterThan(1);
    expect(services.proxy).toBeDefined();
    expect(readFileSync(path.join(repoRoot, 'deploy/haproxy.cfg'), 'utf8')).toMatch(/cookie \w+ insert/);
  });

  for (const app of ['api', 'worker'] as const) {
    describe(app, () => {
      const service = services[app];

      it('runs a script that exists in its package', () => {
        const [pnpm, filter, pkg, script] = service?.command ?? [];
        expect([pnpm, filter]).toEqual(['pnpm', '--filter']);
        expect(packageByName.get(pkg ?? '')?.scripts?.[script ?? ''], `${pkg} ${script}`).toBeTruthy();
      });

      it('sets only variables the app reads', () => {
        const unknown = Object.keys(service?.environment ?? {}).filter((key) => !envKeys[app].includes(key));
        expect(unknown).toEqual([]);
      });

      it('builds a Dockerfile stage that copies every workspace manifest and starts the same script', () => {
        const dockerfile = readFileSync(path.join(repoRoot, service?.build?.context ?? '', 'Dockerfile'), 'utf8');
        const stage = dockerfile.split(/^FROM /m).find((s) => s.startsWith(`base AS ${service?.build?.target}`));
        expect(stage, `stage ${service?.build?.target}`).toBeDefined();
        for (const dir of ['apps', 'packages']) {
          for (const name of readdirSync(path.join(repoRoot, dir))) {
            expect(dockerfile, `${dir}/${name}`).toContain(`COPY ${dir}/${name}/package.json ${dir}/${name}/`);
          }
        }
        expect(stage).toContain(`CMD ${JSON.stringify(service?.command)}`.replaceAll(',', ', '));
      });
    });
  }
});
