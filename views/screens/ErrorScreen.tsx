import { shallowEqual } from '@xstate/react';
import { pageFor } from '../../machines/errorsPages.ts';
import { selectMessageLookup, selectScreen } from '../../machines/selectors.ts';
import { SignInActor } from '../SignInActor.ts';
import { useBrand } from '../useBrand.ts';
import { ErrorPage } from './ErrorPage.tsx';
import { NoPermissionScreen } from './NoPermissionScreen.tsx';
import { SsoScreen } from './SsoScreen.tsx';

/**
 * /error/{code} and /warning/{code}: a page of its own for failures the user cannot fix in place.
 * The code picks the page (machines/errorsPages.ts); this view only wires it to the actor.
 */
export function ErrorScreen() {
  const screen = SignInActor.useSelector(selectScreen);
  // The SSO notices, the mismatch page and the login option page share this chunk (docs/notices.md).
  return screen === 'ssoOutcome' || screen === 'loginOption' ? <SsoScreen /> : <ErrorOrWarning />;
}

function ErrorOrWarning() {
  const actor = SignInActor.useActorRef();
  const route = SignInActor.useSelector(selectScreen) === 'warning' ? 'warning' : 'error';
  const failure = SignInActor.useSelector((snapshot) => snapshot.context.failure);
  const paramsIssue = SignInActor.useSelector((snapshot) => snapshot.context.paramsIssue);
  const brand = useBrand();
  const lookup = SignInActor.useSelector(selectMessageLookup, shallowEqual);
  const code = failure?.code ?? 'INTERNAL';
  const page = pageFor(code, route, lookup);
  const restart = () => actor.send({ type: 'user.restart' });

  if (page.noPermission)
    return (
      <NoPermissionScreen
        code={code}
        page={page}
        brand={brand}
        lookup={lookup}
        rayId={failure?.rayId}
        onSwitchAccount={restart}
      />
    );
  return (
    <ErrorPage
      route={route}
      code={code}
      page={page}
      brand={brand}
      lookup={lookup}
      rayId={failure?.rayId}
      details={code === 'INVALID_PARAMETERS' ? paramsIssue : undefined}
      onRestart={restart}
    />
  );
}
