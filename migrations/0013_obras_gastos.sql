-- Work sites: the total amount of a site and its general expenses (seed 001 §2 /obras and
-- /obras/{id}/editar, §3 'Site' and 'General expenses per site', §9).

-- Seed 001 §3: a site's total amount (monto_total), set from the /obras dialog. A field of the
-- site's record stream `obra-{id}` (RecordUpdated), copied here by projections/sites.
ALTER TABLE rm_obras ADD COLUMN monto_total numeric(14, 2) NOT NULL DEFAULT 0;

-- The general-expense concept catalogue, versioned data: a site's lines are copied from the
-- newest version the first time its general expenses are opened (event GastosGeneralesIniciados,
-- which carries the whole lines, so the event log never depends on this table). A later change of
-- the catalogue is a new migration inserting version 2, never an edit of these rows.
--   grupo        the four sections of seed 001 §3: concepto (Conceptos), gestion, almacen, tecnico
--   usa_cantidad the quantity flag: monto_total = cantidad × monto (else monto_total = monto)
--   disabled     the disabled flag: shown read-only, values kept as they are, left out of totals
--   regla        seed 001 §9: line 11 'total_otros_grupos' (total of the other groups), line 12
--                'suma_cantidades' (quantity sum), line 16 'total_fijo' (highlighted, fixed total)
CREATE TABLE gasto_general_conceptos (
  version      integer NOT NULL,
  numero       integer NOT NULL,
  grupo        text NOT NULL CHECK (grupo IN ('concepto', 'gestion', 'almacen', 'tecnico')),
  concepto     text NOT NULL,
  info         text NOT NULL DEFAULT '',
  usa_cantidad smallint NOT NULL DEFAULT 0 CHECK (usa_cantidad IN (0, 1)),
  disabled     smallint NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
  regla        text NOT NULL DEFAULT 'normal' CHECK (regla IN ('normal', 'total_otros_grupos', 'suma_cantidades', 'total_fijo')),
  PRIMARY KEY (version, numero)
);

INSERT INTO gasto_general_conceptos (version, numero, grupo, concepto, info, usa_cantidad, disabled, regla) VALUES
  (1, 1,  'concepto', 'Alquiler de oficina y campamento',               'Meses × alquiler mensual', 1, 0, 'normal'),
  (1, 2,  'concepto', 'Servicios (luz, agua, internet)',                'Meses × costo mensual', 1, 0, 'normal'),
  (1, 3,  'concepto', 'Movilidad y transporte de personal',             'Meses × costo mensual', 1, 0, 'normal'),
  (1, 4,  'concepto', 'Comunicaciones (telefonía y radios)',            'Meses × costo mensual', 1, 0, 'normal'),
  (1, 5,  'concepto', 'Útiles de oficina y papelería',                  'Monto global', 0, 0, 'normal'),
  (1, 6,  'concepto', 'Equipos de cómputo e impresión',                 'Unidades × costo por unidad', 1, 0, 'normal'),
  (1, 7,  'concepto', 'Seguros (SCTR y vida ley)',                      'Monto global', 0, 0, 'normal'),
  (1, 8,  'concepto', 'Exámenes médicos ocupacionales',                 'Exámenes × costo por examen', 1, 0, 'normal'),
  (1, 9,  'concepto', 'Capacitación en seguridad y salud',              'Monto global', 0, 0, 'normal'),
  (1, 10, 'concepto', 'Gastos de licitación y contrato',                'Incluido en la línea 16 (gastos generales fijos)', 0, 1, 'normal'),
  (1, 11, 'concepto', 'Personal de obra (Gestion, Almacen y Tecnicos)', 'Calculado: total de las secciones Gestion, Almacen y Tecnicos', 0, 0, 'total_otros_grupos'),
  (1, 12, 'concepto', 'Cantidad de personal de obra',                   'Calculado: suma de las cantidades de Gestion, Almacen y Tecnicos', 1, 0, 'suma_cantidades'),
  (1, 13, 'concepto', 'Cartas fianza y gastos financieros',             'Monto global', 0, 0, 'normal'),
  (1, 14, 'concepto', 'Gastos notariales y legales',                    'Monto global', 0, 0, 'normal'),
  (1, 15, 'concepto', 'Imprevistos',                                    'Monto global', 0, 0, 'normal'),
  (1, 16, 'concepto', 'Gastos generales fijos (liquidación de obra)',   'Monto fijo: el total es el monto ingresado, no depende de cantidades', 0, 0, 'total_fijo'),
  (1, 17, 'gestion',  'Residente de obra',                              'Personas × sueldo del periodo', 1, 0, 'normal'),
  (1, 18, 'gestion',  'Administrador de obra',                          'Personas × sueldo del periodo', 1, 0, 'normal'),
  (1, 19, 'gestion',  'Asistente administrativo',                       'Personas × sueldo del periodo', 1, 0, 'normal'),
  (1, 20, 'gestion',  'Jefe de oficina técnica',                        'Personas × sueldo del periodo', 1, 0, 'normal'),
  (1, 21, 'gestion',  'Asistenta social',                               'Personas × sueldo del periodo', 1, 0, 'normal'),
  (1, 22, 'almacen',  'Almacenero',                                     'Personas × sueldo del periodo', 1, 0, 'normal'),
  (1, 23, 'almacen',  'Ayudante de almacén',                            'Personas × sueldo del periodo', 1, 0, 'normal'),
  (1, 24, 'almacen',  'Vigilancia (guardianía)',                        'Personas × sueldo del periodo', 1, 0, 'normal'),
  (1, 25, 'almacen',  'Chofer de camioneta',                            'Personas × sueldo del periodo', 1, 0, 'normal'),
  (1, 26, 'tecnico',  'Ingeniero de campo',                             'Personas × sueldo del periodo', 1, 0, 'normal'),
  (1, 27, 'tecnico',  'Ingeniero de producción',                        'Personas × sueldo del periodo', 1, 0, 'normal'),
  (1, 28, 'tecnico',  'Topógrafo',                                      'Personas × sueldo del periodo', 1, 0, 'normal'),
  (1, 29, 'tecnico',  'Prevencionista de riesgos (SSOMA)',              'Personas × sueldo del periodo', 1, 0, 'normal'),
  (1, 30, 'tecnico',  'Ingeniero de calidad',                           'Personas × sueldo del periodo', 1, 0, 'normal'),
  (1, 31, 'tecnico',  'Monitor arqueológico',                           'No aplica: obra con CIRA aprobado', 1, 1, 'normal');

-- A site's general-expense lines (read model of the `obra_gastos-{id_obra}` streams), kept inline
-- by projections/obra-gastos in the append's transaction. Amounts are whole soles (seed 001 §5:
-- parsed as integers). `version` is the stream version that last wrote the line: the highest one
-- of a site is the version its form was loaded at (409 when it moved on).
CREATE TABLE rm_obra_gastos (
  id           bigint PRIMARY KEY,
  id_obra      bigint NOT NULL,
  numero       integer NOT NULL,
  grupo        text NOT NULL,
  concepto     text NOT NULL,
  info         text NOT NULL DEFAULT '',
  usa_cantidad smallint NOT NULL DEFAULT 0,
  disabled     smallint NOT NULL DEFAULT 0,
  regla        text NOT NULL DEFAULT 'normal',
  cantidad     bigint NOT NULL DEFAULT 0,
  monto        bigint NOT NULL DEFAULT 0,
  monto_total  bigint NOT NULL DEFAULT 0,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE UNIQUE INDEX rm_obra_gastos_obra_numero ON rm_obra_gastos (id_obra, numero);
