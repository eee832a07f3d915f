import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../shared/config';
import { renderApiDocs } from './api-docs';
import { allRoutes } from './routes';

describe('docs/API.md', () => {
  it('is the route table as it is now (run npm run docs:api after changing a route)', () => {
    const committed = readFileSync(join(projectRoot, 'docs', 'API.md'), 'utf8');
    expect(committed).toBe(renderApiDocs(allRoutes()));
  });

  it('lists every call with its access, input fields and reply', () => {
    const doc = renderApiDocs(allRoutes());
    expect(doc).toContain('| `POST /auth/login` | public |');
    expect(doc).toContain('`token_captcha`: string');
    expect(doc).toMatch(/\| `GET \/marcas` \| `\/marcas` see \|/);
    expect(doc).toMatch(/`limit`\?: number integer ≥ 1 ≤ 100/);
    expect(doc).toContain('| `GET /marcas/remove` | `/marcas` edit |');
    for (const r of allRoutes()) expect(doc).toContain(`\`${r.method} ${r.path}\``);
  });
});
