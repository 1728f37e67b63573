"use client";

import { useEffect, useRef, type RefObject } from "react";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * A ref for a controlled field the user may fill before React hydrates: the page shows what they typed or chose,
 * but the state does not hold it, so a button enabled by that state stays off and a submit sends the old value.
 * On mount the field's value, where it differs from `state`, is taken into state through `set`; later changes
 * arrive through `onChange` as usual.
 *
 * @example
 * const [text, setText] = useState("");
 * const textRef = useEarlyValue(text, setText);
 * <textarea ref={textRef} value={text} onChange={(e) => setText(e.target.value)} />
 */
export function useEarlyValue<E extends Field>(state: string, set: (value: string) => void): RefObject<E | null> {
  const ref = useRef<E>(null);
  useEffect(() => {
    const value = ref.current?.value;
    if (value !== undefined && value !== state) set(value);
    // On mount only: the value typed before hydration is the only one that can be missing from state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}
