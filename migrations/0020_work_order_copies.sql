-- The work-order list copies the names of the site, the machine (code and product) and the three
-- people named on an order (projections/work-orders). When one of those records is renamed or
-- removed, the projection rewrites the copies on the orders that name it: these indexes find
-- those orders (the site and the machine already have theirs) without reading the whole table.
CREATE INDEX rm_ordenes_trabajo_operador ON rm_ordenes_trabajo (id_operador) WHERE id_operador IS NOT NULL;
CREATE INDEX rm_ordenes_trabajo_mecanico ON rm_ordenes_trabajo (id_mecanico) WHERE id_mecanico IS NOT NULL;
CREATE INDEX rm_ordenes_trabajo_supervisor ON rm_ordenes_trabajo (id_supervisor) WHERE id_supervisor IS NOT NULL;
CREATE INDEX rm_equipos_producto ON rm_equipos (id_equipo_producto);
