"use client";

import { useId, useState, type ChangeEvent } from "react";
import { fieldError, type ApiProblem } from "@/components/ui/api-client";

/**
 * The text values of a settings form, and the props that wire a `Field` to one of them and to the server's
 * error for it (at the JSON pointer `/<key>`, as the backoffice routes report them).
 *
 * @example
 * const fields = useFields({ name: "" });
 * <Field label="Name" type="text" {...fields.props("name", create.error)} />
 */
export function useFields<V extends Record<string, string>>(initial: V) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }));
  return {
    values,
    set,
    reset: () => setValues(initial),
    /** `id`, `value`, `onChange` and `error` of the field for `key`; `clean` rewrites what is typed (e.g. to upper case). */
    props: (key: keyof V & string, problem: ApiProblem | null, clean: (typed: string) => string = (typed) => typed) => ({
      id: `${id}-${key}`,
      value: values[key],
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, clean(e.target.value) as V[typeof key]),
      error: fieldError(problem, `/${key}`),
    }),
  };
}
