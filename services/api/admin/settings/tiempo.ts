/** The server's clock in the settings reply: `fecha` (ISO instant), `diferencia` (whole seconds the
 * server is ahead of the client's `fecha_cliente`, negative when behind; 0 without it) and
 * `zona_horaria` (the zone times are shown in). */
export type Tiempo = { fecha: string; diferencia: number; zona_horaria: string };

export function tiempo(now: Date, client: Date | null, zone: string): Tiempo {
  const diferencia = client ? Math.round((now.getTime() - client.getTime()) / 1000) : 0;
  return { fecha: now.toISOString(), diferencia: diferencia === 0 ? 0 : diferencia, zona_horaria: zone };
}
