import type { TextPosition } from "./json-scan";

/**
 * Focus the textarea and select the line holding `position`, scrolled into view (a textarea has no per-line
 * anchors, so the line's height is derived from its computed style).
 */
export function selectLine(textarea: HTMLTextAreaElement, position: TextPosition): void {
  const text = textarea.value;
  const start = text.lastIndexOf("\n", Math.max(0, position.offset - 1)) + 1;
  const next = text.indexOf("\n", position.offset);
  const end = next === -1 ? text.length : next;
  textarea.focus();
  textarea.setSelectionRange(position.offset >= start ? position.offset : start, end);
  const style = getComputedStyle(textarea);
  const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.45 || 18;
  textarea.scrollTop = Math.max(0, (position.line - 1) * lineHeight - textarea.clientHeight / 3);
}
