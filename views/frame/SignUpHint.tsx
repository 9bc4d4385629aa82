import { Msg } from '../../i18n/Msg.tsx';
import { NewTabLink } from '../NewTabLink.tsx';
import * as styles from './SignUpHint.css.ts';

/** 'Don't have an account? Sign up', linking to a sign-up page already checked by signUpLinkOf. */
export function SignUpHint({ href }: { href: string }) {
  return (
    <p className={styles.hint}>
      <Msg id="credential.signUpHint" />{' '}
      <NewTabLink className={styles.link} href={href}>
        <Msg id="credential.signUpLink" />
      </NewTabLink>
    </p>
  );
}
