/**
 * The layering check (npm run layers, run by .ci/run): which top-level part may import which
 * (docs/ARCHITECTURE.md, "Layers"). A finding fails CI.
 *   shared       imports nothing of the project but shared
 *   events       the write model: shared only
 *   projections  read models and reactors: events, shared
 *   services     api, worker, projector, demo, the application layer: anything but web
 *   web          the browser app: shared (and its own files); its e2e tests also tests/harness and tests/e2e
 * and within services, the API and the worker never import each other: what both need lives in
 * the application layer (services/app) they both import, which imports neither. No cycle anywhere.
 *
 * Every import keeps these rules: `npm run layers` fails on any finding, and there is no list of
 * known violations to ignore (tests/contract/layers.unit.test.ts checks none comes back).
 */
/** Test code (test files and testing kits) may reach across layers to set up and observe. */
const TEST = '(\\.test\\.tsx?$|/testing/)';

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'An import cycle couples modules both ways.', from: {}, to: { circular: true } },
    { name: 'shared-is-a-leaf', severity: 'error', from: { path: '^shared/' }, to: { path: '^(events|projections|services|web|tests|bench|scripts)/' } },
    { name: 'events-write-model-only', severity: 'error', from: { path: '^events/', pathNot: TEST }, to: { path: '^(projections|services|web)/' } },
    { name: 'projections-below-services', severity: 'error', from: { path: '^projections/', pathNot: TEST }, to: { path: '^(services|web)/' } },
    { name: 'services-not-web', severity: 'error', from: { path: '^services/', pathNot: TEST }, to: { path: '^web/' } },
    { name: 'api-not-worker', severity: 'error', from: { path: '^services/api/', pathNot: TEST }, to: { path: '^services/worker/' } },
    { name: 'worker-not-api', severity: 'error', from: { path: '^services/worker/', pathNot: TEST }, to: { path: '^services/api/' } },
    { name: 'app-below-api-and-worker', severity: 'error', comment: 'The application layer serves both processes and imports neither.', from: { path: '^services/app/', pathNot: TEST }, to: { path: '^services/(api|worker)/' } },
    {
      name: 'web-only-shared',
      severity: 'error',
      comment: 'The web reaches the server only through HTTP; what both need lives in shared/. Its tests too: an e2e test seeds the store through tests/harness, a check of both sides of a call lives in tests/contract.',
      from: { path: '^web/src/' },
      to: { path: '^(events|projections|services)/' },
    },
    {
      name: 'web-tests-through-harness',
      severity: 'error',
      comment: 'A web e2e test reaches the server side only through the e2e harness and its helpers (tests/harness, tests/e2e); a web unit test or testing kit checks browser code alone.',
      from: { path: '^web/src/' },
      to: { path: '^tests/', pathNot: '^tests/(harness|e2e)/' },
    },
    {
      name: 'web-unit-tests-no-harness',
      severity: 'error',
      comment: 'A web unit or component test (or testing kit) checks browser code alone: the e2e harness starts the server.',
      from: { path: '^web/src/', pathNot: '\\.e2e\\.test\\.tsx?$' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|web/dist|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
