/** A field's error: small red text under it, announced when it appears. Rules: renders nothing
 * without a message; give the field `aria-describedby={id}` and `aria-invalid` while it shows. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-xs text-red-600">
      {message}
    </p>
  );
}
