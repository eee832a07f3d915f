import { useState } from 'react';
import { Icon } from '../../shell/icons';
import { RecordHistoryPanel } from './RecordHistoryPanel';

type Props = {
  streamType: string;
  id: number | string;
  /** Subtitle of the panel ('Marca Volvo'). */
  label?: string;
  /** Button text; default 'Historial'. */
  children?: string;
  className?: string;
  /** Open the panel on the record as it was ('Ver como estaba el…') instead of its events. */
  timeTravel?: boolean;
};

const BUTTON =
  'inline-flex h-9 items-center gap-1.5 rounded-md bg-white px-3 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

/** A 'Historial' button that opens the record's history panel (see RecordHistoryPanel), or with
 * `timeTravel` the record as it was. */
export function RecordHistoryButton({ streamType, id, label, children = 'Historial', className = '', timeTravel = false }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-haspopup="dialog" className={`${BUTTON} ${className}`}>
        <Icon name={timeTravel ? 'schedule' : 'history'} className="size-4 text-slate-500" />
        {children}
      </button>
      <RecordHistoryPanel open={open} onClose={() => setOpen(false)} streamType={streamType} id={id} label={label} timeTravel={timeTravel} />
    </>
  );
}
