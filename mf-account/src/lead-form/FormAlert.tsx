import type { Ref } from 'react';

/** The destructive alert: the server's text or 'An unexpected error occured' (spec §8 Lead form failure). */
export function FormAlert({ message, alertRef }: { message: string | null | undefined; alertRef?: Ref<HTMLDivElement> }) {
  return (
    <div className="flf-alert" role="alert" ref={alertRef} tabIndex={-1} hidden={!message}>
      {message ?? ''}
    </div>
  );
}
