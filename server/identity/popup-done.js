// The last page of a popup sign-in: tell the Foyer page that opened it how it ended, then close.
// Same origin only: the message names no data beyond the outcome. A failure sends the opener to the
// SPA page the server named (a same-origin path), where the notice or error shows.
const { outcome, return: returnTo } = document.body.dataset;
if (window.opener && (outcome === 'signedIn' || outcome === 'cancelled')) {
  window.opener.postMessage({ type: 'foyer.identity', outcome }, window.location.origin);
  window.close();
} else if (outcome === 'failed' && returnTo?.startsWith('/?')) {
  if (window.opener) {
    window.opener.location.assign(returnTo);
    window.close();
  } else {
    window.location.assign(returnTo);
  }
}
