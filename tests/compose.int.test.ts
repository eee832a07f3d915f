import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from '../services/shared/config';

type Compose = { services: Record<string, { command?: string[]; environment?: Record<string, string>; ports?: string[] }> };

function hasDockerCompose(): boolean {
  try {
    execFileSync('docker-compose', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('docker-compose.yml: the scale-out shape', () => {
  const file = join(projectRoot, 'docker-compose.yml');

  it('is valid for docker-compose (offline check) and runs each service from its own entry point', () => {
    let config: Compose;
    if (hasDockerCompose()) {
      // The resolved configuration, anchors and merges applied, as docker-compose reads it.
      config = parse(execFileSync('docker-compose', ['-f', file, 'config'], { encoding: 'utf8' })) as Compose;
    } else {
      expect(process.env.CI, 'CI installs docker-compose (.ci/run)').not.toBe('true');
      config = parse(readFileSync(file, 'utf8'), { merge: true }) as Compose;
    }
    const services = config.services;
    expect(Object.keys(services).sort()).toEqual(['api-1', 'api-2', 'postgres', 'projector', 'projector-standby', 'sicam-sim', 'worker']);
    const entry = (name: string) => services[name].command?.at(-1) ?? '';
    expect(entry('api-1')).toBe('services/api/main.ts');
    expect(entry('api-2')).toBe('services/api/main.ts');
    expect(entry('projector')).toBe('services/projector/main.ts');
    expect(entry('worker')).toBe('services/worker/main.ts');
    // SICAM is external: the simulator is its own service, reached only over HTTP at SICAM_URL.
    expect(entry('sicam-sim')).toBe('services/sicam-sim/main.ts');
    expect(services['sicam-sim'].environment?.DATABASE_URL).toBeUndefined();
    for (const name of ['api-1', 'api-2', 'projector', 'worker']) {
      expect(existsSync(join(projectRoot, entry(name)))).toBe(true);
      expect(services[name].environment?.DATABASE_URL).toMatch(/@postgres:5432\/faena$/);
      expect(services[name].environment?.SICAM_URL).toMatch(/http:\/\/sicam-sim:3900\}?$/);
    }
    expect(new Set([...(services['api-1'].ports ?? []), ...(services['api-2'].ports ?? [])]).size).toBe(2);
  });
});
