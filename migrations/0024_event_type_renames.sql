-- Event types renamed through upcasters (events/upcast.ts): stored events keep their old type and
-- are read under the new one; the activity log, a read model of those reads, gets the new names
-- for the rows it already holds, as a rebuild would write them.
UPDATE rm_activity_log SET event_type = 'WorkOrderSaved' WHERE event_type = 'WorkOrderMechanicallyClosed';
UPDATE rm_activity_log SET event_type = 'GeneralExpensesOpened' WHERE event_type = 'GastosGeneralesIniciados';
UPDATE rm_activity_log SET event_type = 'GeneralExpensesSaved' WHERE event_type = 'GastosGeneralesGuardados';
