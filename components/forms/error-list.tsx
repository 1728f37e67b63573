import type { ErrorListProps } from "@rjsf/utils";

/** The form's error summary, announced by screen readers as soon as it appears. */
export function ErrorList({ errors }: ErrorListProps) {
  return (
    <div className="form-errors" role="alert" aria-live="assertive" data-testid="form-errors">
      <h2>
        {errors.length === 1 ? "1 field needs your attention" : `${errors.length} fields need your attention`}
      </h2>
      <ul>
        {errors.map((e, i) => (
          <li key={i}>{e.stack}</li>
        ))}
      </ul>
    </div>
  );
}
