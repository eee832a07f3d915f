import { postCall, read } from './typed';

// A compile-time test of the typed client (typed.ts), checked by `npm run typecheck`: nothing here
// runs. Each `@ts-expect-error` line must fail to type-check, and TypeScript reports an unused
// `@ts-expect-error` as an error ("Unused '@ts-expect-error' directive"), so were the client to
// accept any path or body again (a plain string, `unknown`), these lines would compile and the
// typecheck would fail: the test cannot pass with an untyped client.

export const typedClientChecks = () => {
  // A valid call: a described POST path with its body.
  postCall('/solicitudes_compras/aprobar', { id_solicitud_compra: 1 });

  // @ts-expect-error a path no contract describes
  postCall('/solicitudes_compras/aprobarr', { id_solicitud_compra: 1 });

  // @ts-expect-error a GET path written as a POST
  postCall('/solicitudes_compras/form', { id: 1 });

  // @ts-expect-error a required field missing
  postCall('/solicitudes_compras/aprobar', {});

  // @ts-expect-error a field of the wrong type
  postCall('/solicitudes_compras/aprobar', { id_solicitud_compra: '1' });

  // @ts-expect-error a value outside the field's choices
  postCall('/ordenes_trabajo/eliminarElementoDeDetalle', { tabla: 'otra', id: 1 });

  // A GET's query is typed too, and so is its reply's payload.
  void read('/ordenes_trabajo/consultarRuc', { ruc: '20100000001' }).then((reply) => {
    const nombre: string | undefined = reply.item?.nombre;
    // @ts-expect-error a field the reply does not have
    const razon: unknown = reply.item?.razon_social;
    return [nombre, razon];
  });

  // @ts-expect-error a query field of the wrong type
  void read('/ordenes_trabajo/obtenerLineaDeTiempo', { id_orden_trabajo: 'uno' });
};
