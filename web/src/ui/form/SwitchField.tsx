import { Description, Field, Label, Switch } from '@headlessui/react';

type Props = {
  label: string;
  /** A 0/1 flag as the server stores it. */
  value: number | boolean | null | undefined;
  onChange(value: 0 | 1): void;
  hint?: string;
  disabled?: boolean;
};

/** A labelled on/off switch for the 0/1 flags of the administration forms (system_user, admin,
 * all_works…). Rules: any truthy value shows as on; it answers 0 or 1; the knob moves with a
 * logical margin, so it mirrors under RTL; focus shows the teal ring. */
export function SwitchField({ label, value, onChange, hint, disabled = false }: Props) {
  const checked = Boolean(Number(value ?? 0));
  return (
    <Field disabled={disabled} className="flex items-start justify-between gap-4 rounded-md py-1">
      <span className="min-w-0">
        <Label className="block text-sm font-medium text-slate-700 data-disabled:text-slate-400">{label}</Label>
        {hint ? <Description className="mt-0.5 block text-xs text-slate-500">{hint}</Description> : null}
      </span>
      <Switch
        checked={checked}
        onChange={(next: boolean) => onChange(next ? 1 : 0)}
        className="group mt-0.5 flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 p-0.5 transition-colors focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none data-checked:bg-teal-600 data-disabled:cursor-not-allowed data-disabled:opacity-50"
      >
        <span className="pointer-events-none size-5 rounded-full bg-white shadow transition-[margin] duration-200 group-data-checked:ms-5" />
      </Switch>
    </Field>
  );
}
