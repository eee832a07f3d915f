-- Issue 13, item 23: Spanish (id 4) is the menu language of new users. Users with no language
-- stored (0) or an unknown one read the menu in Spanish too (services/api/auth/me.ts).
ALTER TABLE rm_users ALTER COLUMN id_language SET DEFAULT 4;
