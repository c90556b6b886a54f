import type { Ref } from 'react';

/** The destructive alert: a failed post's text (spec §8), announced when it appears. */
export function SignInAlert({ message, alertRef }: { message: string | null | undefined; alertRef?: Ref<HTMLDivElement> }) {
  return (
    <div className="flf-alert" role="alert" ref={alertRef} tabIndex={-1} hidden={!message}>
      {message ?? ''}
    </div>
  );
}
