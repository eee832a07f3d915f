-- Issue 20's plan editor: a plan's standard parts (material code and quantity), pre-filled as the
-- part lines of its preventive OT. Plans stored before hold none.
ALTER TABLE rm_pm_planes ADD COLUMN productos jsonb NOT NULL DEFAULT '[]';
