import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promtoolCheckConfig, repoRoot, requirePrometheus } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createApiMetrics } from '../../apps/api/src/core/metrics';
import { createWorkerMetrics } from '../../apps/worker/src/metrics';

// docker-compose.yml's Prometheus and Grafana, kept honest without Docker: the scrape config is
// checked by Debian's promtool, its ports are the ones the apps listen on, and every metric the
// dashboard queries is one the apps export (a renamed metric would leave a panel silently empty).

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
interface ComposeService {
  environment?: Record<string, string>;
  volumes?: string[];
}
const services = (parse(read('docker-compose.yml')) as { services: Record<string, ComposeService> }).services;
interface ScrapeConfig {
  job_name: string;
  dns_sd_configs?: Array<{ names: string[]; port: number }>;
}
const prometheusConfig = parse(read('deploy/prometheus.yml')) as { scrape_configs: ScrapeConfig[] };
const dashboard = JSON.parse(read('deploy/grafana/vault-live-show.json')) as {
  uid: string;
  panels: Array<{ type: string; title: string; datasource?: { uid: string }; targets?: Array<{ expr: string }> }>;
};

/** Every series name the apps can export: each metric, and a histogram's _bucket, _sum and _count. */
async function exportedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const registry of [createApiMetrics().registry, createWorkerMetrics().registry]) {
    for (const metric of await registry.getMetricsAsJSON()) {
      names.add(metric.name);
      if (String(metric.type) === 'histogram')
        for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
    }
  }
  return names;
}

describe('the metrics deployment (docker-compose.yml, deploy/prometheus.yml, deploy/grafana)', () => {
  it("is a config Debian's promtool accepts", () => {
    requirePrometheus();
    expect(promtoolCheckConfig(path.join(repoRoot, 'deploy/prometheus.yml'))).toMatch(/SUCCESS/);
  });

  it('scrapes every API replica on its metrics port and every worker on its health port', () => {
    const port = (job: string, name: string) =>
      prometheusConfig.scrape_configs
        .find((c) => c.job_name === job)
        ?.dns_sd_configs?.find((d) => d.names.includes(name))?.port;
    const api = services.api?.environment ?? {};
    expect(api.METRICS_HOST).toBe('0.0.0.0');
    expect(port('api', 'api')).toBe(Number(api.METRICS_PORT));
    expect(port('worker', 'worker')).toBe(Number(services.worker?.environment?.WORKER_HEALTH_PORT));
    expect(services.prometheus?.volumes).toContain('./deploy/prometheus.yml:/etc/prometheus/prometheus.yml:ro');
  });

  it('provisions the live-show dashboard, whose every query names metrics the apps export', async () => {
    const names = await exportedNames();
    const volumes = services.grafana?.volumes ?? [];
    expect(volumes).toContain('./deploy/grafana/vault-live-show.json:/etc/grafana/dashboards/vault-live-show.json:ro');
    const provider = parse(read('deploy/grafana/provisioning/dashboards/vault.yml')) as {
      providers: Array<{ options: { path: string } }>;
    };
    expect(provider.providers[0]?.options.path).toBe('/etc/grafana/dashboards');
    const datasource = parse(read('deploy/grafana/provisioning/datasources/prometheus.yml')) as {
      datasources: Array<{ uid: string; url: string }>;
    };
    expect(datasource.datasources[0]).toMatchObject({ uid: 'prometheus', url: 'http://prometheus:9090' });

    const panels = dashboard.panels.filter((p) => p.type !== 'row');
    expect(panels.map((p) => p.title)).toEqual(
      expect.arrayContaining([
        'Watchers',
        'Sales (last 5 min)',
        'Show clock lateness p99 by transition',
        'Buy errors and timeouts',
      ]),
    );
    for (const panel of panels) {
      expect(panel.datasource?.uid, panel.title).toBe('prometheus');
      const queried = (panel.targets ?? []).flatMap((t) => t.expr.match(/\bvault_\w+/g) ?? []);
      expect(queried.length, panel.title).toBeGreaterThan(0);
      for (const name of queried) expect(names.has(name), `${panel.title}: ${name}`).toBe(true);
    }
  });
});
