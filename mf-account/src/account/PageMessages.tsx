import type { PageMessages as Messages } from './model.ts';

/**
 * What a plain form's 303 came back with: the done message as a status (announced politely) and the refusal as the
 * destructive alert (the lead-form kit's `.flf-alert`). Texts come only from contracts' catalogues (model.readMessages).
 */
export function PageMessages({ messages }: { messages: Messages }) {
  return (
    <>
      {messages.done ? (
        <p className="fa-msg" role="status">
          {messages.done}
        </p>
      ) : null}
      {messages.error ? (
        <div className="flf-alert fa-alert" role="alert">
          {messages.error}
        </div>
      ) : null}
    </>
  );
}
