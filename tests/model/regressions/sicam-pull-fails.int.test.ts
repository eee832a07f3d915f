import { afterAll, beforeAll, describe, it } from 'vitest';
import { useTestApi } from '../../harness/api';
import { AttendPedido, CentralAttend, Decide, GenerateRequest, OpenOrder, SendRequest, SicamProgress, WorkerPush } from '../chain-model';
import { World } from '../chain-world';
import { replay } from '../run-model';

// A counterexample of the simulated month (issue 28), kept as plain steps (see
// central-stock-served.int.test.ts). 'Actualizar Estados' while SICAM does not answer: the pull
// answered 502 with SICAM's own message ('SICAM no disponible, intente más tarde'), a 5xx the chain
// never gives; now it is the route's 409 'No se pudo consultar SICAM, intente nuevamente' and the
// request stays as it was (the next pull moves it).

const api = useTestApi({ demo: 'full' });
const world = new World(api, 'pull');
beforeAll(() => world.setup(), 120_000);
afterAll(() => world.close());

describe('simulated-month counterexamples (issue 28): the status pull', () => {
  // Found by the simulated month (seed 20261207, 4 × up to 200 steps), shrunk to these 8 steps.
  it("SICAM does not answer 'Actualizar Estados': a 4xx in Spanish, not a 502", async () => {
    await replay(world, [
      new OpenOrder(0, [{ m: 0, qty: 1 }, { m: 1, qty: 1 }]),
      new AttendPedido(0, [0, 0]),
      new GenerateRequest(0),
      new SendRequest(0),
      new CentralAttend(0, [0, 0]),
      new Decide(0, true),
      new WorkerPush('none'),
      new SicamProgress(0, 'enviada_aprobacion', true),
      // The next pull, SICAM answering, records what the failed one missed.
      new SicamProgress(0, 'aprobada', false),
    ]);
  }, 120_000);
});
