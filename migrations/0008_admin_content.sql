-- Administration content as event-sourced records (services/api/admin): the legal text is the
-- `legal-1` record stream and the company settings the `setting-1` record stream. Their read
-- models are kept inline by projections/admin-content in the same transaction as the events.

-- The legal text (/legal): sanitised HTML, one row (id 1).
CREATE TABLE rm_legal (
  id           bigint PRIMARY KEY,
  legal        text NOT NULL DEFAULT '',
  version      bigint NOT NULL,
  date_updated timestamptz NOT NULL
);

-- app_settings (0006) stays the settings read model: one row per key, written by the inline
-- projection of the `setting-1` stream. Its defaults are the values before the first save.
