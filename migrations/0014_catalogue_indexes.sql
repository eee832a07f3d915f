-- Lookups behind the master-data rules (docs/modules/master-data.md): a catalogue row cannot be
-- removed while others reference it, and names and codes are unique where users expect it.
-- These indexes keep those checks off full scans as the equipment register grows (the machine's
-- group and subgroup are covered by rm_equipos_subgrupo and rm_equipos_grupo).
CREATE INDEX rm_equipos_ref_producto ON rm_equipos (id_equipo_producto);
CREATE INDEX rm_equipos_ref_marca_motor ON rm_equipos (id_marca_motor, id_modelo_motor);
CREATE INDEX rm_equipos_ref_modelo ON rm_equipos (id_modelo);
CREATE INDEX rm_equipo_productos_ref_grupo ON rm_equipo_productos (id_equipo_grupo);
CREATE INDEX rm_equipo_subgrupos_ref_unidad ON rm_equipo_subgrupos (id_mantenimiento_unidad);
CREATE INDEX rm_conversion_unidades_ref_unidad ON rm_conversion_unidades (id_unidad);
CREATE INDEX rm_material_tipos_codigo ON rm_material_tipos (lower(codigo));
CREATE INDEX rm_grupos_funcionales_sigla ON rm_grupos_funcionales (lower(sigla));
