/**
 * A failure that belongs to no single field (wrong password, no network). It can take focus, so that the
 * form's "focus the first error" lands here when there is no field to point at, and it is announced.
 */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-alert" role="alert" tabIndex={-1} data-form-alert="">
      {message}
    </p>
  );
}
