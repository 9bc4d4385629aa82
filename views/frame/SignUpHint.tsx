import { Msg } from '../../i18n/Msg.tsx';
import { visuallyHidden } from './a11y.css.ts';
import * as styles from './SignUpHint.css.ts';

/** 'Don't have an account? Sign up', linking to a sign-up page already checked by signUpLinkOf. */
export function SignUpHint({ href }: { href: string }) {
  return (
    <p className={styles.hint}>
      <Msg id="credential.signUpHint" />{' '}
      <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer">
        <Msg id="credential.signUpLink" />{' '}
        <span className={visuallyHidden}>
          <Msg id="footer.opensInNewTab" />
        </span>
      </a>
    </p>
  );
}
