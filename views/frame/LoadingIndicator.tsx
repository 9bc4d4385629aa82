import { useFormat } from '../../i18n/Msg.tsx';
import { visuallyHidden } from './a11y.css.ts';
import { container, spinner } from './LoadingIndicator.css.ts';

/**
 * A spinning status. `label` is its accessible name and the text the live region announces; it is
 * absent only before any message catalogue has loaded.
 */
export function Spinner({ label }: { label?: string | undefined }) {
  return (
    <div role="status" aria-live="polite" aria-label={label} className={container}>
      <span className={spinner} aria-hidden="true" />
      {label !== undefined && <span className={visuallyHidden}>{label}</span>}
    </div>
  );
}

/** The page loading indicator, named from the messages. */
export function LoadingIndicator() {
  const format = useFormat();
  return <Spinner label={format('loading.label')} />;
}
