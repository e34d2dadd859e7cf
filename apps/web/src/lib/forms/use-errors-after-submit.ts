import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Field messages for a form that cannot bring react-hook-form (the public apply page, whose first download has a
 * budget), shown the way that library's forms show them with its default modes (`mode: 'onSubmit'`,
 * `reValidateMode: 'onChange'`): nothing is judged while the form is filled in for the first time; from the first
 * submit on, every change checks the form again, so a message goes as soon as its field is fixed and a field
 * broken again says so at once.
 *
 * `draft` is what the form holds; it must keep its identity until something in it changes (a `useMemo`), since
 * each new draft is checked. `check` answers the messages by field in `errors` (null when the draft may be sent),
 * beside whatever else the form needs from it (the payload to send).
 */
export function useErrorsAfterSubmit<E extends object, R extends { errors: E | null }>(
  draft: unknown,
  check: () => Promise<R> | R,
): { errors: Partial<E>; submit: () => Promise<R> } {
  const [errors, setErrors] = useState<Partial<E>>({});
  const [submitted, setSubmitted] = useState(false);
  const latestCheck = useRef(check);
  // Only the latest check's answer is shown: an earlier one may come back later than a newer one.
  const ticket = useRef(0);

  useEffect(() => {
    latestCheck.current = check;
  });

  useEffect(() => {
    if (!submitted) return;
    const mine = (ticket.current += 1);
    Promise.resolve(latestCheck.current()).then(
      (checked) => {
        if (mine === ticket.current) setErrors(checked.errors ?? {});
      },
      // A check that cannot run (its rules failed to load) leaves the messages as they are until the next submit.
      () => undefined,
    );
  }, [draft, submitted]);

  /** Checks now, shows the messages, and from now on checks again on every change; answers the check. */
  const submit = useCallback(async () => {
    const mine = (ticket.current += 1);
    const checked = await latestCheck.current();
    if (mine === ticket.current) setErrors(checked.errors ?? {});
    setSubmitted(true);
    return checked;
  }, []);

  return { errors, submit };
}
