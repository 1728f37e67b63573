/** Text that never breaks the layout: one line, ellipsis, the full text in a tooltip. */
export function Truncate({ text, className = "" }: { text: string; className?: string }) {
  return (
    <span className={`truncate ${className}`} title={text}>
      {text}
    </span>
  );
}
