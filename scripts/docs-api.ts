// npm run docs:api: writes docs/API.md from the route table.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderApiDocs } from '../services/api/api-docs';
import { allRoutes } from '../services/api/routes';
import { projectRoot } from '../services/shared/config';

writeFileSync(join(projectRoot, 'docs', 'API.md'), renderApiDocs(allRoutes()));
process.stdout.write('docs/API.md escrito\n');
