import type { BrandTokens } from '../brand/tokens.ts';
import { useMessages } from '../i18n/I18nProvider.tsx';
import { Msg } from '../i18n/Msg.tsx';
import type { MessageId } from '../i18n/messages.ts';
import { partOf } from '../i18n/parts.ts';
import type { MessageLinkKind, UiMessage } from '../machines/errors.ts';
import { linkHref } from '../machines/errorsLinks.ts';
import { visuallyHidden } from './frame/a11y.css.ts';
import { Ltr } from './Ltr.tsx';
import { SignInActor } from './SignInActor.ts';
import * as styles from './screens/errorPages.css.ts';
import * as screenStyles from './screens/screens.css.ts';
import { useBrand } from './useBrand.ts';

const linkLabels: Readonly<Record<MessageLinkKind, MessageId>> = {
  resetPassword: 'errors.links.resetPassword',
  ssoSignIn: 'errors.links.ssoSignIn',
  supportPhone: 'errors.links.supportPhone',
  help: 'errors.links.help',
  changePassword: 'errors.links.changePassword',
  signUp: 'errors.links.signUp',
  troubleshooting: 'errors.links.troubleshooting',
};

/**
 * A message chosen by the machine, with the brand's values (support phone, name) available to it:
 * the machine picks the text and the kinds of link, the brand fills in who to call and where to go.
 */
export function UiMessageText({ message }: { message: UiMessage }) {
  const brand = useBrand();
  const actor = SignInActor.useActorRef();
  const signupUrl = SignInActor.useSelector((snapshot) => snapshot.context.brandConfig?.signupUrl);
  const canRecover = SignInActor.useSelector((snapshot) => snapshot.can({ type: 'user.forgotPassword' }));
  // Most messages are in the rest part (i18n/parts.ts), which follows the first screen closely.
  if (!useMessages().complete && partOf(message.id) !== 'first') return null;
  return (
    <UiMessageView
      message={message}
      brand={brand}
      signupUrl={signupUrl}
      onResetPassword={canRecover ? () => actor.send({ type: 'user.forgotPassword' }) : undefined}
    />
  );
}

type ViewProps = {
  message: UiMessage;
  brand: BrandTokens;
  signupUrl?: string | undefined;
  /** The in-app recovery, where the sign-in can start it: a reset-password link starts it instead of the brand's page. */
  onResetPassword?: (() => void) | undefined;
};

type ShownLink = { kind: MessageLinkKind; href: string } | { kind: MessageLinkKind; onClick: () => void };

/** The rendering, apart from the actor, so it can be shown for any brand (and tested so). */
export function UiMessageView({ message, brand, signupUrl, onResetPassword }: ViewProps) {
  const values = {
    supportPhone: <Ltr>{brand.supportPhoneText ?? brand.supportPhone}</Ltr>,
    brandName: brand.displayName,
  };
  // A link whose brand has no (safe) URL is left out rather than shown dead.
  const links = (message.links ?? []).flatMap(({ kind }): ShownLink[] => {
    if (kind === 'resetPassword' && onResetPassword) return [{ kind, onClick: onResetPassword }];
    const href = linkHref(kind, { brand, signupUrl });
    return href ? [{ kind, href }] : [];
  });
  return (
    <>
      <Msg id={message.id} values={{ ...values, ...message.values }} />
      {message.sessionId && (
        <>
          {' '}
          <Msg id="errors.sessionIdSuffix" values={{ sessionId: <Ltr>{message.sessionId}</Ltr> }} />
        </>
      )}
      {links.length > 0 && (
        <span className={styles.messageLinks}>
          {links.map((link) => {
            const { kind } = link;
            if ('onClick' in link) {
              return (
                <button key={kind} type="button" className={screenStyles.linkButton} onClick={link.onClick}>
                  <Msg id={linkLabels[kind]} values={values} />
                </button>
              );
            }
            const { href } = link;
            // tel: opens the dialler; web pages open beside the sign-in so it is not lost.
            const external = !href.startsWith('tel:');
            return (
              <a
                key={kind}
                className={styles.link}
                href={href}
                {...(external && { target: '_blank', rel: 'noopener noreferrer' })}
              >
                <Msg id={linkLabels[kind]} values={values} />
                {external && (
                  <span className={visuallyHidden}>
                    {' '}
                    <Msg id="footer.opensInNewTab" />
                  </span>
                )}
              </a>
            );
          })}
        </span>
      )}
    </>
  );
}
