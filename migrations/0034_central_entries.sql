-- Central warehouse entries from Excel (issue 17; events/central-entry-file, projections/central-entries).
--
-- One imported file per `central_entry_file-{id}` stream: its record (name, stored file, the
-- processed flag and the counts) and its valid rows as central entries, both written by the inline
-- projection from CentralEntriesImported, so a rebuild writes the same rows.
--   hash   the SHA-256 of the file's bytes: the same file uploaded again is answered from its record.
CREATE TABLE rm_almacen_central_entradas_archivos (
  id               bigint PRIMARY KEY,
  nombre           text NOT NULL,
  pic              text NOT NULL,
  hash             text NOT NULL,
  objeto_procesado smallint NOT NULL DEFAULT 0 CHECK (objeto_procesado IN (0, 1)),
  validos          integer NOT NULL DEFAULT 0,
  nuevos           integer NOT NULL DEFAULT 0,
  invalidos        integer NOT NULL DEFAULT 0,
  id_usuario       bigint,
  fecha_creado     timestamptz NOT NULL
);
CREATE INDEX rm_almacen_central_entradas_archivos_hash ON rm_almacen_central_entradas_archivos (hash);
CREATE INDEX rm_almacen_central_entradas_archivos_list ON rm_almacen_central_entradas_archivos (fecha_creado DESC, id DESC);

-- A central entry (seed 002 L69) with what the Excel row adds (L71). The idempotency key of an
-- entry is its purchase order, resource code and delivery note (albarán): importing a row again
-- creates nothing.
CREATE TABLE rm_almacen_central_entradas (
  id                  bigint PRIMARY KEY,
  id_archivo          bigint NOT NULL,
  fila                integer NOT NULL,
  codigo_obra         text NOT NULL,
  descripcion_obra    text NOT NULL DEFAULT '',
  codigo_recurso      text NOT NULL,
  descripcion_recurso text NOT NULL DEFAULT '',
  unidad              text NOT NULL DEFAULT '',
  moneda              text NOT NULL DEFAULT '',
  cantidad            numeric(14, 4) NOT NULL,
  importe             numeric(16, 4),
  numero_orden_compra text NOT NULL,
  albaran             text NOT NULL DEFAULT '',
  procedencia         text NOT NULL DEFAULT '',
  fecha_movimiento    date,
  fecha_creado        timestamptz NOT NULL
);
CREATE UNIQUE INDEX rm_almacen_central_entradas_clave ON rm_almacen_central_entradas (numero_orden_compra, codigo_recurso, albaran);
CREATE INDEX rm_almacen_central_entradas_archivo ON rm_almacen_central_entradas (id_archivo);
CREATE INDEX rm_almacen_central_entradas_list ON rm_almacen_central_entradas (id DESC);

-- What the central entries brought in per requested product (the later transfer caps against it);
-- a product moves to 8 'En almacén central' once it reaches the quantity to buy.
ALTER TABLE rm_productos_solicitados ADD COLUMN cantidad_en_almacen_central_entrada numeric(14, 4) NOT NULL DEFAULT 0;
