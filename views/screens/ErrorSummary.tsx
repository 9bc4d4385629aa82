import { type MouseEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { Msg } from '../../i18n/Msg.tsx';
import * as pageStyles from './pages.css.ts';

export interface ErrorSummaryItem {
  /** The id of the control in error: its link moves the focus there. */
  controlId: string;
  /** The field's own message, word for word (its name and what is wrong). */
  message: ReactNode;
}

/**
 * The focus for a form's error summary (GOV.UK's error summary pattern): the answer to a submit that
 * has errors moves it to the summary. A message that clears as its field is corrected is no answer, and
 * leaves the focus where the user types. `errors` is the flow's field errors, a new object with each
 * answer; `answered` says the form opens with the answer to a submit made on another page.
 */
export function useErrorSummaryFocus(errors: object | undefined, answered = false) {
  const summaryRef = useRef<HTMLDivElement>(null);
  const submitted = useRef(answered);
  useEffect(() => {
    if (!submitted.current || !errors || Object.keys(errors).length === 0) return;
    // In the next frame, as the arrival on a route focuses its page (views/RouteFocus.ts): a form that
    // opens with errors keeps the focus on its summary instead of handing it to the page's heading.
    const frame = requestAnimationFrame(() => {
      submitted.current = false;
      summaryRef.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [errors]);
  return {
    summaryRef,
    /** Call as the form is submitted: its answer moves the focus. */
    markSubmitted: () => {
      submitted.current = true;
    },
  };
}

/** The control, focused, with its label in view above it (the label says what the field is). */
function focusControl(event: MouseEvent<HTMLAnchorElement>, controlId: string) {
  // The page's routes live in the address's hash: following `#id` would change the route.
  event.preventDefault();
  const control = document.getElementById(controlId);
  if (!control) return;
  control.focus({ preventScroll: true });
  const label =
    control instanceof HTMLInputElement || control instanceof HTMLSelectElement ? control.labels?.[0] : null;
  (label ?? control).scrollIntoView?.({ block: 'start' });
}

/**
 * GOV.UK's error summary, at the top of a form after a refused submit: "There is a problem" and one link
 * per field in error, in the form's order, each the field's own message, each moving the focus to its
 * field. The summary takes the focus (tabindex -1) and is read from its name and description: one
 * announcement, so neither it nor the fields' own messages are live regions.
 */
export function ErrorSummary({
  items,
  summaryRef,
}: {
  items: readonly ErrorSummaryItem[];
  summaryRef: RefObject<HTMLDivElement>;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const listId = `${id}-list`;
  if (items.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of links, not of form controls: no fieldset
    <div
      ref={summaryRef}
      role="group"
      tabIndex={-1}
      aria-labelledby={titleId}
      aria-describedby={listId}
      className={pageStyles.errorSummary}
      data-error-summary=""
    >
      <h2 id={titleId} className={pageStyles.errorSummaryTitle}>
        <Msg id="errors.form.summaryTitle" />
      </h2>
      <ul id={listId} className={pageStyles.errorSummaryList}>
        {items.map((item) => (
          <li key={item.controlId}>
            <a
              href={`#${item.controlId}`}
              className={pageStyles.errorSummaryLink}
              onClick={(event) => focusControl(event, item.controlId)}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
