import { SECONDARY_BUTTON } from '../dialogs/buttonClasses';
import { RecordHistoryButton } from './RecordHistoryButton';

/** The header actions every saved record's form offers: its PDF and 'Ver como estaba el…' (the
 * record's history with time travel). */
export function SavedRecordActions({ onPdf, streamType, id, label }: { onPdf(): void; streamType: string; id: number; label: string }) {
  return (
    <>
      <button type="button" className={`${SECONDARY_BUTTON} sm:w-auto`} onClick={onPdf}>
        PDF
      </button>
      <RecordHistoryButton streamType={streamType} id={id} label={label} timeTravel>
        Ver como estaba el…
      </RecordHistoryButton>
    </>
  );
}
