-- Issue 13, item 21: an amortization plan is enabled or disabled on its own (generic CRUD of
-- /equipo_amortizacion), a field of the machine's stream kept next to the plan's first month.
-- A disabled plan charges nothing: this month's instalment (pendiente_por_mes) is 0.
ALTER TABLE rm_equipo_amortizaciones ADD COLUMN amortizacion_estado smallint NOT NULL DEFAULT 1;
