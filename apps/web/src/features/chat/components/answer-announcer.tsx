/**
 * A visually hidden polite live region: it holds the text of the assistant's latest completed answer (set once the
 * reply finishes, emptied when the next message is sent), so a screen reader reads each answer once instead of every
 * streamed token. It stays in the page the whole time, as live regions must exist before their text changes.
 */
export function AnswerAnnouncer({ text }: { text: string }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="answer-announcer">
      {text}
    </div>
  );
}
