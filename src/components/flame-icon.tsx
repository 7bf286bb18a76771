/** A flame drawn in the current text colour: orange for a streak, gold with Pro Gold. */
export function FlameIcon() {
  return (
    <svg className="flame-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2c.6 3.2-1 5.1-2.6 6.9C7.9 10.6 6.5 12.2 6.5 14.8A5.5 5.5 0 0 0 12 20.3a5.5 5.5 0 0 0 5.5-5.5c0-2.7-1.4-4.6-2.5-6.1-.2 1.6-1 2.8-2.2 3.4.5-3.3-.1-7.1-.8-10.1Z"
      />
    </svg>
  );
}
