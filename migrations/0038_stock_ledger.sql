-- The stock ledger (issue 17, beyond the seed): one balance per warehouse × material, each a
-- `stock-{id}` stream whose `StockMoved` events carry the movement, the balance before and after
-- it and the moving-average unit cost. A movement never takes a balance below zero (the stock
-- decider, events/stock/decider.ts).

-- Write side: the id of each balance's stream. A command allocates (or finds) the ids of the
-- balances it moves and locks their rows in id order, so two movements of one balance run one
-- after the other and the second decides on what the first left.
CREATE TABLE stock_keys (
  id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  almacen  text NOT NULL CHECK (almacen IN ('central', 'transito', 'obra')),
  id_obra  bigint NOT NULL DEFAULT 0,
  codigo   text NOT NULL,
  UNIQUE (almacen, id_obra, codigo)
);

-- Balances as of a past instant are summed from the events themselves (stock-as-of.ts): only the
-- stock streams' events are indexed, by stream and instant.
CREATE INDEX es_events_stock_asof ON es_events (stream_id, occurred_at) INCLUDE (data) WHERE stream_type = 'stock';

-- Read models (projections/stock, inline): every movement, and each balance's current quantity.
CREATE TABLE rm_stock_movimientos (
  global_position   bigint PRIMARY KEY,
  id_stock          bigint NOT NULL,
  almacen           text NOT NULL,
  id_obra           bigint NOT NULL,
  codigo            text NOT NULL,
  id_material       bigint,
  descripcion       text NOT NULL DEFAULT '',
  motivo            text NOT NULL,
  cantidad          numeric(14, 4) NOT NULL,
  saldo_anterior    numeric(14, 4) NOT NULL,
  saldo             numeric(14, 4) NOT NULL CHECK (saldo >= 0),
  costo_unitario    numeric(14, 4) NOT NULL,
  costo_promedio    numeric(14, 4) NOT NULL,
  documento_tipo    text NOT NULL,
  documento_id      bigint NOT NULL,
  referencia        text NOT NULL DEFAULT '',
  id_producto       bigint,
  id_linea          bigint,
  id_orden_trabajo  bigint,
  id_user           bigint,
  fecha             timestamptz NOT NULL
);
CREATE INDEX rm_stock_movimientos_stock ON rm_stock_movimientos (id_stock, global_position DESC);
CREATE INDEX rm_stock_movimientos_almacen ON rm_stock_movimientos (almacen, id_obra, global_position DESC);
CREATE INDEX rm_stock_movimientos_codigo ON rm_stock_movimientos (codigo, global_position DESC);
CREATE INDEX rm_stock_movimientos_fecha ON rm_stock_movimientos (fecha DESC);
CREATE INDEX rm_stock_movimientos_documento ON rm_stock_movimientos (documento_tipo, documento_id);

CREATE TABLE rm_stock (
  id_stock          bigint PRIMARY KEY,
  almacen           text NOT NULL,
  id_obra           bigint NOT NULL,
  codigo            text NOT NULL,
  id_material       bigint,
  descripcion       text NOT NULL DEFAULT '',
  saldo             numeric(14, 4) NOT NULL CHECK (saldo >= 0),
  costo_promedio    numeric(14, 4) NOT NULL,
  movimientos       integer NOT NULL,
  fecha_ultimo      timestamptz NOT NULL
);
CREATE INDEX rm_stock_almacen ON rm_stock (almacen, id_obra, codigo);
CREATE INDEX rm_stock_codigo ON rm_stock (codigo);
CREATE INDEX rm_stock_fecha ON rm_stock (fecha_ultimo DESC, id_stock DESC);
