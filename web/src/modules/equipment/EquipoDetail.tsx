import { useQuery } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { fetchOk } from '../../api/client';
import type { EquipoItem, EquipoRow, InsuranceMonth, Movement } from './equipmentTypes';
import { MonthStateChip } from './MonthStateChip';
import { SubTable } from '../../ui/list/SubTable';
import { formatMoney, formatNumber, sumCents } from '@shared/money';
import { formatDate, formatDateTime, formatMonth } from '@shared/time';
import { useScrollerWidth } from './useScrollerWidth';
import { RetryLine } from '../../ui/dialogs/LoadState';
import { InfoItem } from '../../ui/detail/InfoItem';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-teal-800 uppercase">{title}</h4>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-5 2xl:grid-cols-6">{children}</dl>
    </div>
  );
}

/** The expanded row of /equipos (seed 001 §2): the machine's movement history (GET
 * /equipos_movimientos) and its insurance monthly cost for the current insurance year (GET
 * /equipo_costo_mensual) side by side, each scrolling within its own box, then every field of the
 * machine in sections (POST /equipos/form); each loaded when the row opens. */
export function EquipoDetail({ row: listed }: { row: EquipoRow }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useScrollerWidth(box);
  const item = useQuery({
    queryKey: ['equipo', listed.id],
    queryFn: async () => (await fetchOk<{ item: EquipoItem }>('POST', '/equipos/form', undefined, { id: listed.id })).item,
  });
  const row = item.data;
  const movements = useQuery({
    queryKey: ['equipos_movimientos', listed.id],
    queryFn: async () => (await fetchOk<{ items: Movement[] }>('GET', '/equipos_movimientos', { id: listed.id })).items,
  });
  const insurance = useQuery({
    queryKey: ['equipo_costo_mensual', listed.id],
    queryFn: async () => (await fetchOk<{ items: InsuranceMonth[] }>('GET', '/equipo_costo_mensual', { id: listed.id })).items,
  });

  return (
    // Sized to the list's visible width and sticky at its start: the detail stays in view while a
    // wide table scrolls sideways (the cell's own padding is 2 × 1rem).
    <div ref={box} className="sticky start-4 space-y-5" style={width ? { width: width - 32 } : undefined}>
      <div className="grid gap-5 xl:grid-cols-2">
        <SubTable<Movement>
          title="Historial de movimientos"
          label={`Historial de movimientos de ${listed.codigo}`}
          query={movements}
          maxHeight="18rem"
          rowKey={(m) => m.version}
          columns={[
            {
              key: 'fecha',
              label: 'Fecha',
              render: (m) => {
                // formatDateTime's date and time on two lines: the date, then the time, to leave room for the detail.
                const [day, ...time] = formatDateTime(m.fecha).split(' ');
                return (
                  <span className="whitespace-nowrap">
                    {day}
                    <span className="block text-xs text-slate-500">{time.join(' ')}</span>
                  </span>
                );
              },
            },
            {
              key: 'tipo',
              label: 'Movimiento',
              render: (m) => <span className="font-medium">{m.tipo}</span>,
            },
            {
              key: 'detalle',
              label: 'Detalle',
              render: (m) => (
                <div className="space-y-0.5">
                  {m.tipo === 'Traslado' ? (
                    <div>
                      {m.obra_origen} → <strong className="font-medium">{m.obra_destino}</strong>
                    </div>
                  ) : m.tipo === 'Alta' ? (
                    <div>En {m.obra_destino}</div>
                  ) : null}
                  {m.cambios.map((c) => (
                    <div key={c.campo} className="text-xs text-slate-600">
                      {c.etiqueta}: {c.de} → {c.a}
                    </div>
                  ))}
                </div>
              ),
            },
            {
              key: 'usuario',
              label: 'Usuario',
              render: (m) => (m.usuario_original ? `${m.usuario} (por ${m.usuario_original})` : m.usuario),
            },
          ]}
        />
        <SubTable<InsuranceMonth>
          title="Costo mensual del seguro"
          label={`Costo mensual del seguro de ${listed.codigo}`}
          query={insurance}
          maxHeight="18rem"
          rowKey={(r) => `${r.anio}-${r.mes}`}
          columns={[
            {
              key: 'mes',
              label: 'Mes',
              render: (r) => `${r.nombre} ${r.anio}`,
            },
            {
              key: 'dias',
              label: 'Días',
              align: 'right',
              render: (r) => r.dias,
            },
            {
              key: 'costo',
              label: 'Costo',
              align: 'right',
              render: (r) => <span className="tabular-nums">{formatMoney(r.costo)}</span>,
            },
            {
              key: 'estado',
              label: 'Estado',
              render: (r) => <MonthStateChip estado={r.estado} />,
            },
          ]}
          footer={
            insurance.data?.length ? (
              <tr>
                <td className="px-3 py-1.5">Total anual</td>
                <td className="px-3 py-1.5 text-end">{insurance.data.reduce((n, r) => n + r.dias, 0)}</td>
                <td className="px-3 py-1.5 text-end tabular-nums">{formatMoney(sumCents(insurance.data.map((r) => r.costo)))}</td>
                <td />
              </tr>
            ) : null
          }
        />
      </div>
      {item.isError ? (
        <RetryLine message={item.error.message} onRetry={() => void item.refetch()} />
      ) : !row ? (
        <p className="text-sm text-slate-500">Cargando...</p>
      ) : (
        <div className="space-y-4">
          <Group title="Identificación">
            <InfoItem fit="line" label="Código">{row.codigo}</InfoItem>
            <InfoItem fit="line" label="Código sub obra">{row.codigo_sub_obra}</InfoItem>
            <InfoItem fit="line" label="Centro de costo">{row.cc}</InfoItem>
            <InfoItem fit="line" label="Obra">{row.obra}</InfoItem>
            <InfoItem fit="line" label="Grupo">{row.grupo}</InfoItem>
            <InfoItem fit="line" label="Subgrupo">{row.subgrupo}</InfoItem>
            <InfoItem fit="line" label="Descripción">{row.descripcion}</InfoItem>
            <InfoItem fit="line" label="Ubicación">{row.ubicacion}</InfoItem>
            <InfoItem fit="line" label="Marca / modelo">{[row.marca, row.modelo].filter(Boolean).join(' ')}</InfoItem>
            <InfoItem fit="line" label="Serie">{row.serie}</InfoItem>
            <InfoItem fit="line" label="Placa">{row.placa}</InfoItem>
            <InfoItem fit="line" label="Año">{row.anio}</InfoItem>
            <InfoItem fit="line" label="Motor">{[row.marca_motor, row.modelo_motor].filter(Boolean).join(' ')}</InfoItem>
            <InfoItem fit="line" label="Serie de motor">{row.motor_serie}</InfoItem>
            <InfoItem fit="line" label="Proviene">{row.proviene}</InfoItem>
            <InfoItem fit="line" label="Línea">{row.linea_amarilla_blanca ? 'Amarilla' : 'Blanca'}</InfoItem>
          </Group>
          <Group title="Características">
            <InfoItem fit="line" label="Potencia">{row.potencia}</InfoItem>
            <InfoItem fit="line" label="Capacidad">{row.capacidad}</InfoItem>
            <InfoItem fit="line" label="Peso">{row.peso}</InfoItem>
            <InfoItem fit="line" label="Dimensiones">{row.dimensiones}</InfoItem>
            <InfoItem fit="line" label="Horómetro">{formatNumber(row.horometro, 0)}</InfoItem>
          </Group>
          <Group title="Compra, costos y tarifa">
            <InfoItem fit="line" label="Costo de adquisición">{formatMoney(row.costo_adquisicion)}</InfoItem>
            <InfoItem fit="line" label="Fecha de compra">{formatDate(row.fecha_compra)}</InfoItem>
            <InfoItem fit="line" label="Fecha de llegada">{formatDate(row.fecha_llegada)}</InfoItem>
            <InfoItem fit="line" label="Garantía de compra">{row.garantia_compra}</InfoItem>
            <InfoItem fit="line" label="Costo anual del seguro">{formatMoney(row.costo_anual_seguro)}</InfoItem>
            <InfoItem fit="line" label="Costo mes actual">{formatMoney(row.costo_mes_actual)}</InfoItem>
            <InfoItem fit="line" label="Amortización">
              {row.amortizacion ? `${row.amortizacion} meses desde ${formatMonth(row.amortizacion_inicio_efectivo)}` : ''}
            </InfoItem>
            <InfoItem fit="line" label="Pendiente por mes">{formatMoney(row.pendiente_por_mes)}</InfoItem>
            <InfoItem fit="line" label="Tarifa">{`${formatMoney(row.tarifa)} ${row.tipo_tarifa === 'MES' ? 'al mes' : 'por hora'}`}</InfoItem>
            <InfoItem fit="line" label={row.tipo_tarifa === 'MES' ? 'Meses' : 'Horas'}>
              {row.horas ? (row.tipo_tarifa === 'MES' ? `${row.horas} ${row.horas === 1 ? 'mes' : 'meses'}` : `${row.horas} horas`) : ''}
            </InfoItem>
            <InfoItem fit="line" label="SOAT vence">{formatDate(row.soat_vence)}</InfoItem>
            <InfoItem fit="line" label="Revisión técnica vence">{formatDate(row.rv_vence)}</InfoItem>
            <InfoItem fit="line" label="Fecha de baja">{formatDate(row.fecha_baja)}</InfoItem>
          </Group>
          {row.observaciones ? (
            <div>
              <h4 className="mb-1 text-xs font-semibold tracking-wide text-teal-800 uppercase">Observaciones</h4>
              <p className="text-sm whitespace-pre-wrap text-slate-800">{row.observaciones}</p>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
